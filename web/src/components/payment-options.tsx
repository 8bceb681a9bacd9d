import { type Company, ON_ACCOUNT_MESSAGES, type PaymentMethod, type PaymentTerms } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { companyCreditQuery } from "../lib/company";
import { creditLeft, holdInWords, overCredit } from "../lib/company-credit";
import { RadioCard } from "./radio-card";

/**
 * "How to pay" for a company on terms (payment-choice.tsx): "Card", or "Pay by invoice (net 30)". Owners and
 * buyers read the credit left beside the invoice, or the overdue invoice that holds it, or by how much `total`
 * is over the credit and what to do instead; then only card is open. A requester chooses without the figures,
 * which are not theirs to read (no `read:credit` among the company's `actions`).
 */
export function PaymentOptions({
  company,
  terms,
  total,
  method,
  choose,
}: {
  company: Company;
  /** The net days alone: a requester's company answer carries no credit limit. */
  terms: Pick<PaymentTerms, "netDays">;
  total: number;
  method: PaymentMethod;
  choose: (method: PaymentMethod) => void;
}) {
  const credit = useQuery(companyCreditQuery(company._id, company.actions.includes("read:credit"))).data;
  const hold = holdInWords(credit?.hold ?? null);
  const over = credit?.paymentTerms ? overCredit(total, credit.available) : null;
  const closed = hold !== null || over !== null;
  // A hold, or a total over the credit, that comes after the invoice was chosen takes the choice back to card.
  useEffect(() => {
    if (closed && method === "invoice") choose("card");
  }, [closed, method, choose]);

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
          detail={
            hold ?? (credit?.paymentTerms ? [creditLeft(credit.available), over].filter(Boolean).join("\n") : undefined)
          }
          name="paymentMethod"
          value="invoice"
          checked={method === "invoice"}
          disabled={closed}
          onChange={() => choose("invoice")}
        />
      </div>
    </fieldset>
  );
}
