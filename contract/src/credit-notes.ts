import { z } from "zod";
import { positiveMoneyField } from "./company.js";
import type { Cents } from "./money.js";
import {
  creditableCents,
  type InvoiceFigures,
  invoiceOwedCents,
  type OrderBalanceFigures,
  owedCents,
} from "./order-balance.js";
import { invoiceNumberField, RECEIVABLES_LIMITS } from "./receivables.js";
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
 * How a credit note of `cents` splits (decision 041): what it takes off the balance of the invoice it names, at most
 * what that invoice owes, and the rest, money already paid of it, which becomes the company's credit (decision 077:
 * a credit note is against one invoice).
 */
export function creditNoteSplit(invoice: InvoiceFigures, cents: Cents) {
  const offBalanceCents = Math.min(cents, Math.max(0, invoiceOwedCents(invoice)));
  return { offBalanceCents, toCreditCents: cents - offBalanceCents };
}

/**
 * The step of the order state machine a credit note of `cents` takes (order-lifecycle.ts): `creditNote` when it
 * credits all that is left of the order (refunded), `creditNotePart` when it leaves nothing owed on the order but
 * part of its total uncredited (refunded in part); none when money is still owed after it (the facts stay as they
 * are). `offBalanceCents` is what it takes off its invoice's balance (`creditNoteSplit`).
 */
export function creditNoteStep(
  order: OrderBalanceFigures,
  cents: Cents,
  offBalanceCents: Cents,
): "creditNote" | "creditNotePart" | undefined {
  if (cents >= creditableCents(order)) return "creditNote";
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
  /** 409: the same, of one invoice of an order invoiced a shipment at a time. */
  aboveInvoice: (invoiceNumber: string, left: string) => `Invoice ${invoiceNumber} has ${left} left to credit.`,
  /** 409: an order with several invoices names the one the credit note is against. */
  whichInvoice: (invoiceNumbers: readonly string[]) =>
    `This order has ${invoiceNumbers.length} invoices (${invoiceNumbers.join(", ")}): name the one to credit.`,
  /** 404: `invoiceNumber` is not an invoice of this order. */
  noSuchInvoice: "No such invoice of this order.",
  cardOrder: "A card order is refunded through its payment: POST /api/admin/orders/{id}/refund.",
  /** `restock` on a credit note that does not refund the whole order. */
  restockOnlyWhole: "The pieces go back to stock only with a credit note for all that is left of the order.",
  noSuchCreditNote: "No such credit note of this order.",
} as const;

/**
 * POST /api/admin/orders/{id}/credit-notes: refunds an invoiced order on account by a credit note of `amount`
 * dollars, or of all that is left to credit when `amount` is left out, against one of its invoices: `invoiceNumber`,
 * which may be left out when the order has only one (decision 077). `restock` (only with a credit note that
 * refunds the whole order) puts its pieces back in stock, as for a card order that came back. `reason`, required,
 * says why in one line.
 */
export const creditNoteBodySchema = z.object({
  reason: requiredText(CREDIT_NOTE_REASON_REQUIRED, "Reason", CREDIT_NOTE_REASON_MAX),
  invoiceNumber: invoiceNumberField.optional(),
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
  /** The invoice it credits. */
  invoiceNumber: z.string(),
});

/** GET /api/ordering/{id}/credit-notes/{number}. */
export const creditNoteParamsSchema = z.object({
  id: z.uuid({ error: "Not a valid id" }),
  number: z.string().regex(/^CN-\d{6,}$/, { error: "Not a credit note number (CN-000001)" }),
});

export type CreditNoteBody = z.infer<typeof creditNoteBodySchema>;
export type CreditNote = z.infer<typeof creditNoteSchema>;
