import {
  type CompanyCredit,
  CREDIT_HOLD_AFTER_DAYS,
  formatPrice,
  ON_ACCOUNT_MESSAGES,
  type PaymentTerms,
} from "@forgeline/contract";
import { dueDayText } from "./on-account";

/**
 * A company's terms on account in the pages' words (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): as the admins'
 * list shows them, what the company may still owe, and the overdue invoice that holds its credit.
 */

/** A company's terms in brief, as the admins' list shows them: "Net 30 · limit $50,000.00", or "Card only". */
export function termsInBrief(terms: PaymentTerms | null): string {
  return terms ? `Net ${terms.netDays} · limit ${formatPrice(terms.creditLimit)}` : "Card only";
}

/** What a company on terms may still owe, as its owners and buyers read it; null for a company without terms. */
export function creditInWords({ paymentTerms, used, available }: CompanyCredit): string | null {
  if (!paymentTerms) return null;
  const { netDays, creditLimit } = paymentTerms;
  return `Terms on account: net ${netDays}, credit limit ${formatPrice(creditLimit)}, used ${formatPrice(used)}, available ${formatPrice(available)}`;
}

/** The overdue invoice that stops new orders on account, in words; null when there is none. */
export function holdInWords(hold: CompanyCredit["hold"]): string | null {
  if (!hold) return null;
  return `On hold: invoice ${hold.invoiceNumber}, due ${dueDayText(hold.dueAt, true)}, is more than ${CREDIT_HOLD_AFTER_DAYS} days overdue. Orders on account wait until it is paid; card orders go ahead.`;
}

/** Credit left beside the choice to pay by invoice. */
export const creditLeft = (available: number) => `${formatPrice(available)} of credit left`;

/** By how much an order's `total` is over the credit left, and what to do instead; null when it fits. */
export function overCredit(total: number, available: number): string | null {
  const overCents = Math.round(total * 100) - Math.round(available * 100);
  return overCents > 0 ? ON_ACCOUNT_MESSAGES.overBy(formatPrice(overCents / 100)) : null;
}
