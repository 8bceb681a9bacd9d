import { z } from "zod";
import { positiveMoneyField } from "./company.js";
import type { Cents } from "./money.js";
import { creditableCents, type OrderBalanceFigures, owedCents } from "./order-balance.js";
import { RECEIVABLES_LIMITS } from "./receivables.js";
import { requiredText } from "./text-field.js";

/**
 * Credit notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): how an invoiced order on account is refunded, in
 * full or in part. Each has the next number of its own gapless sequence (CN-000001), lowers what the order owes,
 * and gives back as the company's credit what was paid of it already.
 */
export const CREDIT_NOTE_PREFIX = "CN-";
export const creditNoteNumberText = (sequence: number): string =>
  `${CREDIT_NOTE_PREFIX}${String(sequence).padStart(6, "0")}`;

/**
 * How a credit note of `cents` splits (decision 041): what it takes off the order's balance, at most what is owed,
 * and the rest, money already paid, which becomes the company's credit.
 */
export function creditNoteSplit(order: OrderBalanceFigures, cents: Cents) {
  const offBalanceCents = Math.min(cents, Math.max(0, owedCents(order)));
  return { offBalanceCents, toCreditCents: cents - offBalanceCents };
}

/**
 * The step of the order state machine a credit note of `cents` takes (order-lifecycle.ts): `creditNote` when it
 * credits all that is left (refunded), `creditNotePart` when it leaves nothing owed but part of the total
 * uncredited (refunded in part); none when money is still owed after it (the facts stay as they are).
 */
export function creditNoteStep(order: OrderBalanceFigures, cents: Cents): "creditNote" | "creditNotePart" | undefined {
  if (cents >= creditableCents(order)) return "creditNote";
  const { offBalanceCents } = creditNoteSplit(order, cents);
  return owedCents(order) - offBalanceCents === 0 ? "creditNotePart" : undefined;
}

/**
 * Why a credit note was issued, in one line ("Damaged in transit"): on the note's PDF, the statement, the mail and
 * the order pages. Credit notes issued before reasons were asked for read "Not recorded" (migration 0040).
 */
export const CREDIT_NOTE_REASON_MAX = 200;
export const CREDIT_NOTE_REASON_REQUIRED = "Reason is Required";

export const CREDIT_NOTE_MESSAGES = {
  /** 409: above what was invoiced less earlier credit notes; says what is left. */
  aboveInvoiced: (number: string, left: string) => `Order ${number} has ${left} left to credit.`,
  cardOrder: "A card order is refunded through its payment: POST /api/admin/orders/{id}/refund.",
  /** `restock` on a credit note that does not refund the whole order. */
  restockOnlyWhole: "The pieces go back to stock only with a credit note for all that is left of the order.",
  noSuchCreditNote: "No such credit note of this order.",
} as const;

/**
 * POST /api/admin/orders/{id}/credit-notes: refunds an invoiced order on account by a credit note of `amount`
 * dollars, or of all that is left to credit when `amount` is left out. `restock` (only with a credit note that
 * refunds the whole order) puts its pieces back in stock, as for a card order that came back. `reason`, required,
 * says why in one line.
 */
export const creditNoteBodySchema = z.object({
  reason: requiredText(CREDIT_NOTE_REASON_REQUIRED, "Reason", CREDIT_NOTE_REASON_MAX),
  amount: positiveMoneyField("Amount", RECEIVABLES_LIMITS.paymentMax).optional(),
  restock: z.boolean({ error: "restock must be true or false" }).optional(),
});

/** A credit note as an order lists it; its PDF is GET /api/ordering/{id}/credit-notes/{number}. */
export const creditNoteSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** Dollars it credits. */
  amount: z.number(),
  /** Why it was issued, one line. */
  reason: z.string(),
});

/** GET /api/ordering/{id}/credit-notes/{number}. */
export const creditNoteParamsSchema = z.object({
  id: z.uuid({ error: "Not a valid id" }),
  number: z.string().regex(/^CN-\d{6,}$/, { error: "Not a credit note number (CN-000001)" }),
});

export type CreditNoteBody = z.infer<typeof creditNoteBodySchema>;
export type CreditNote = z.infer<typeof creditNoteSchema>;
