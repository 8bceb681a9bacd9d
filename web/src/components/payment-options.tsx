import { type Company, ON_ACCOUNT_MESSAGES, type PaymentMethod, type PaymentTerms } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { companyCreditQuery } from "../lib/company";
import { creditLeft, holdInWords } from "../lib/company-credit";
import { RadioCard } from "./radio-card";

/**
 * "How to pay" for a company on terms (payment-choice.tsx): "Card", or "Pay by invoice (net 30)". Owners and
 * buyers read the credit left beside the invoice, or the overdue invoice that holds it, and then only card is
 * open; a requester chooses without the figure, which is not theirs to read (no `read:credit` among the company's
 * `actions`).
 */
export function PaymentOptions({
  company,
  terms,
  method,
  choose,
}: {
  company: Company;
  /** The net days alone: a requester's company answer carries no credit limit. */
  terms: Pick<PaymentTerms, "netDays">;
  method: PaymentMethod;
  choose: (method: PaymentMethod) => void;
}) {
  const credit = useQuery(companyCreditQuery(company._id, company.actions.includes("read:credit"))).data;
  const hold = holdInWords(credit?.hold ?? null);
  // A hold that arrives after the invoice was chosen takes the choice back to card.
  useEffect(() => {
    if (hold && method === "invoice") choose("card");
  }, [hold, method, choose]);

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
          detail={hold ?? (credit?.paymentTerms ? creditLeft(credit.available) : undefined)}
          name="paymentMethod"
          value="invoice"
          checked={method === "invoice"}
          disabled={hold !== null}
          onChange={() => choose("invoice")}
        />
      </div>
    </fieldset>
  );
}
