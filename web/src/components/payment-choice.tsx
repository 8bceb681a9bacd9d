import { MESSAGES, ON_ACCOUNT_MESSAGES, type OrderCreated, type PaymentMethod } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { paths } from "../config/paths";
import { companyCreditQuery, useMyCompany } from "../lib/company";
import { creditLeft, holdInWords } from "../lib/company-credit";
import { RadioCard } from "./radio-card";

/**
 * How an order being placed is paid (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): by card, or by invoice when
 * the caller's company buys on account. Owners and buyers read the credit left beside the invoice, or the overdue
 * invoice that holds it (then only card is open); a requester chooses without the figure, which is not theirs to
 * read. The cart's checkout and a quote's acceptance ask it; `body` is what their request adds: nothing when
 * there is no choice, so the server's default (card) stands.
 */
export function usePaymentChoice() {
  const company = useMyCompany().data ?? null;
  const terms = company?.paymentTerms ?? null;
  const credit = useQuery(companyCreditQuery(company?._id, terms !== null && company?.role !== "requester")).data;
  const [chosen, choose] = useState<PaymentMethod>("card");
  const hold = holdInWords(credit?.hold ?? null);
  const method: PaymentMethod = terms && !hold ? chosen : "card";

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

  return {
    terms,
    method,
    choose,
    next,
    /** Beside the invoice: the credit left, or the hold. */
    invoiceNote: hold ?? (credit?.paymentTerms ? creditLeft(credit.available) : undefined),
    held: hold !== null,
    body: terms ? { paymentMethod: method } : {},
  };
}

/** "How to pay": card, or the company's terms ("Pay by invoice (net 30)"); nothing for a company without terms. */
export function PaymentChoice({ choice }: { choice: ReturnType<typeof usePaymentChoice> }) {
  const { terms, method, choose, invoiceNote, held } = choice;
  if (!terms) return null;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">How to pay</legend>
      <div className="flex flex-col gap-2">
        <RadioCard
          title="Card"
          name="paymentMethod"
          value="card"
          checked={method === "card"}
          onChange={() => choose("card")}
        />
        <RadioCard
          title={ON_ACCOUNT_MESSAGES.choice(terms.netDays)}
          detail={invoiceNote}
          name="paymentMethod"
          value="invoice"
          checked={method === "invoice"}
          disabled={held}
          onChange={() => choose("invoice")}
        />
      </div>
    </fieldset>
  );
}
