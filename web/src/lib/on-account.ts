import { type CompanyCredit, CREDIT_HOLD_AFTER_DAYS, formatPrice, type PaymentTerms } from "@forgeline/contract";
import { dayText } from "./date-text";
import type { Order } from "./order";

/**
 * Buying on account (docs/BUYING-ON-ACCOUNT.md) in the pages' words, one home for them: a company's terms, what
 * it may still owe, and where an order on account stands.
 */

/** An instant's UTC day, as an invoice dates it, "Dec 26" ("Dec 26, 2026" when `long`). */
const dueDay = (iso: string, long = false) => dayText(iso.slice(0, 10), long);

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
  return `On hold: invoice ${hold.invoiceNumber}, due ${dueDay(hold.dueAt, true)}, is more than ${CREDIT_HOLD_AFTER_DAYS} days overdue. Orders on account wait until it is paid; card orders go ahead.`;
}

/** Credit left beside the choice to pay by invoice. */
export const creditLeft = (available: number) => `${formatPrice(available)} of credit left`;

type OnAccountOrder = Pick<Order, "paymentMethod" | "netDays" | "invoice" | "balance" | "paymentStatus" | "overdue">;

/**
 * Where an order on account stands with its money: "On account (net 30)" until it ships with its invoice, then
 * "On account, due Dec 26" while a balance is owed, "On account, paid" once it is not; `overdue` when the due
 * date passed with a balance left. Null for a card order: its status says all.
 */
export function onAccountTerm(order: OnAccountOrder): { text: string; overdue: boolean } | null {
  if (order.paymentMethod !== "invoice") return null;
  const dueAt = order.invoice?.dueAt;
  if (dueAt && order.balance > 0) return { text: `On account, due ${dueDay(dueAt)}`, overdue: order.overdue };
  if (order.paymentStatus === "paid") return { text: "On account, paid", overdue: false };
  return { text: `On account (net ${order.netDays})`, overdue: false };
}
