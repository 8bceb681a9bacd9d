import { MESSAGES, type OrderCreated, type PaymentMethod } from "@forgeline/contract";
import { lazy, Suspense, useState } from "react";
import { paths } from "../config/paths";
import { useMyCompany } from "../lib/company";

// Loaded for a company that buys on account: everyone else's checkout carries none of its code or words.
const PaymentOptions = lazy(() => import("./payment-options").then((module) => ({ default: module.PaymentOptions })));

/**
 * How an order being placed is paid (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): by card, or by invoice when
 * the caller's company buys on account. The cart's checkout and a quote's acceptance ask it; `body` is what their
 * request adds: nothing when there is no choice, so the server's default (card) stands.
 */
export function usePaymentChoice() {
  const company = useMyCompany().data ?? null;
  const terms = company?.paymentTerms ?? null;
  const [chosen, choose] = useState<PaymentMethod>("card");
  const method: PaymentMethod = terms ? chosen : "card";

  /**
   * Where a placed order goes next, with the toast's words (`placed`: "Your order is placed"): an order waiting
   * for an owner, and an order on account, to its own page (nothing is paid now); a card order to its payment.
   */
  function next(order: OrderCreated, placed: string): { message: string; to: string } {
    const id = order.insertedId;
    if (!id) return { message: placed, to: paths.dashboard };
    if (order.status === "awaiting-approval") return { message: MESSAGES.orderAwaitsApproval, to: paths.myOrder(id) };
    if (method === "invoice")
      return { message: `${placed} on account: its invoice comes when it ships`, to: paths.myOrder(id) };
    return { message: placed, to: paths.payment(id) };
  }

  return { company, terms, method, choose, next, body: terms ? { paymentMethod: method } : {} };
}

/**
 * "How to pay" (payment-options.tsx), for a company on terms; nothing for one that pays by card. `total` is what the
 * order would cost, held against the credit left.
 */
export function PaymentChoice({ choice, total }: { choice: ReturnType<typeof usePaymentChoice>; total: number }) {
  if (!choice.company || !choice.terms) return null;
  return (
    <Suspense fallback={null}>
      <PaymentOptions
        company={choice.company}
        terms={choice.terms}
        total={total}
        method={choice.method}
        choose={choice.choose}
      />
    </Suspense>
  );
}
