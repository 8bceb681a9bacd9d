import { dayInWords } from "./company-terms.js";
import { formatPrice } from "./money.js";

/**
 * What the pages of money on account read of the receivables (docs/BUYING-ON-ACCOUNT.md, 'Statements and
 * receivables'), without zod: a statement's months, the aging buckets, an entry in words, the limits and the
 * refusal a payment form shows beside its field. receivables.ts and receivables-reports.ts re-export them with their
 * schemas; the pages import them without loading a schema library.
 */

const DAY_MS = 86_400_000;

/** The kinds of entries of a company's ledger (receivables.ts says what each moves). */
export const LEDGER_KINDS = ["invoice", "payment", "allocation", "card-payment", "credit-note"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * A statement lists its open invoices this many at a time, the most overdue first; its figures (what they owe,
 * their aging, how many) count them all. A large customer has hundreds open: the answer stays the size of a page.
 */
export const OPEN_INVOICES_PER_PAGE = 25;

/** A month as YYYY-MM (UTC). */
export const isoMonth = (date: Date) => date.toISOString().slice(0, 7);

/** The month's first moment and the next month's (UTC): a statement covers `from` up to, not including, `to`. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * The aging buckets: how long the money of an open invoice has been past its due date, each up to `upTo` whole
 * days (a day begun counts: an invoice due an hour ago is 1 day overdue), `current` not yet due.
 */
export const AGING_BUCKETS = [
  { key: "current", label: "Current", upTo: 0 },
  { key: "days1To30", label: "1-30 days", upTo: 30 },
  { key: "days31To60", label: "31-60 days", upTo: 60 },
  { key: "days61To90", label: "61-90 days", upTo: 90 },
  { key: "over90", label: "Over 90 days", upTo: null },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]["key"];

/** Whole days past `dueAt`, a day begun counted: 0 until it is due. */
export const daysOverdue = (dueAt: Date, now: Date) =>
  Math.max(0, Math.ceil((now.getTime() - dueAt.getTime()) / DAY_MS));

export function agingBucketOf(days: number): AgingBucket {
  const bucket = AGING_BUCKETS.find(({ upTo }) => upTo === null || days <= upTo);
  return bucket?.key ?? "over90";
}

/** A payment's reference, at most this many characters (RECEIVABLES_LIMITS.reference). */
export const PAYMENT_REFERENCE_MAX = 100;

/** The same reference twice for one company (409): never two payments. */
export const duplicateReferenceMessage = (reference: string) =>
  `A payment with the reference ${reference} is recorded already.`;

/** What the words of an entry need of it (a StatementEntry of receivables-reports.ts). */
interface EntryInWords {
  kind: LedgerKind;
  reference: string;
  /** A credit note's reason. */
  reason?: string | null;
  amount: number;
  invoice: { orderNumber: string; number: string | null; dueAt: string | null } | null;
}

const ENTRY_TEXT: Record<LedgerKind, (entry: EntryInWords, invoice: string) => string> = {
  invoice: ({ invoice }, number) =>
    `Invoice ${number} for order ${invoice?.orderNumber ?? ""}, due ${invoice?.dueAt ? dayInWords(invoice.dueAt) : ""}`,
  payment: ({ reference }) => `Payment received: ${reference}`,
  allocation: ({ reference, amount }, number) => `${reference}: ${formatPrice(amount)} paid against invoice ${number}`,
  "card-payment": ({ reference }, number) => `Card payment of invoice ${number}: ${reference}`,
  "credit-note": ({ reference, reason }, number) =>
    `Credit note ${reference} for invoice ${number}${reason ? ` (${reason})` : ""}`,
};

/** An entry as a person reads it on the statement, its PDF and its CSV. */
export const statementEntryText = (entry: EntryInWords) =>
  ENTRY_TEXT[entry.kind](entry, entry.invoice?.number ?? entry.reference);
