import { duplicateReferenceMessage, formatPrice, type PaymentReceived } from "@forgeline/contract";
import { ApiError } from "../../lib/api-client";
import { errorMessage } from "../../lib/toast";

/** The fields of the payment form, named as the body's fields, so a 400 names them as the form does. */
export const PAYMENT_FIELDS = ["amount", "receivedAt", "reference"] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** The contract names the day by its field ("receivedAt cannot be in the future"); the form names it in words. */
export const inFormWords = (message: string) => message.replace(/^receivedAt\b/, "The day received");

/**
 * A refusal of a payment by the field it concerns, to show beside it: a 400 names its fields; a 409 for a reference
 * recorded already (the same transfer twice) names none, and belongs beside the reference. Whatever else stays for
 * above the form (`rest`): a 409 of a request still running, a 404 of a company gone, no answer.
 */
export function paymentRefusal(
  error: unknown,
  sent: { reference: string } | null,
): { fields: Partial<Record<PaymentField, string>>; rest: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, rest: error ? errorMessage(error) : null };
  const fields: Partial<Record<PaymentField, string>> = {};
  for (const { field, message } of error.fieldErrors) {
    if ((PAYMENT_FIELDS as readonly string[]).includes(field)) fields[field as PaymentField] ??= inFormWords(message);
  }
  if (error.status === 409 && sent && error.message === duplicateReferenceMessage(sent.reference)) {
    fields.reference ??= error.message;
  }
  const placed = Object.keys(fields).length > 0;
  const unplaced = error.fieldErrors.filter(({ field }) => !(PAYMENT_FIELDS as readonly string[]).includes(field));
  return { fields, rest: placed ? (unplaced[0]?.message ?? null) : error.message };
}

/** What a recorded payment did, in a sentence for the toast: the orders it paid, and what it left as credit. */
export function paymentOutcome(companyName: string, payment: PaymentReceived): string {
  const received = `${formatPrice(payment.amount)} from ${companyName} recorded`;
  const paid = payment.allocations.map((allocation) => `${allocation.number} (${formatPrice(allocation.amount)})`);
  const against =
    paid.length === 0
      ? "no invoice was open"
      : `paid ${paid.length === 1 ? paid[0] : `${paid.slice(0, -1).join(", ")} and ${paid.at(-1)}`}`;
  const credit =
    payment.creditBalance > 0 ? `; its credit for the next invoices is ${formatPrice(payment.creditBalance)}` : "";
  return `${received}: ${against}${credit}.`;
}
