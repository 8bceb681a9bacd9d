import { z } from "zod";
import { dayField, isoDay } from "./admin-stats.js";
import { positiveMoneyField } from "./company.js";
import { duplicateReferenceMessage, PAYMENT_REFERENCE_MAX } from "./receivables-terms.js";
import { requiredText } from "./text-field.js";

/**
 * The money a company owes on account and pays (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): one
 * append-only ledger per company, each entry moving an order's balance, the company's unallocated credit, or
 * both. Every balance the shop shows is a sum of it.
 */
export { LEDGER_KINDS, type LedgerKind } from "./receivables-terms.js";

/**
 * The reminders of an invoice on account with money owed, each sent once: days from its due date (3 before,
 * on it, 7 and 30 after). A step passed unsent (the shop was down) is skipped when a later one is due.
 */
export const REMINDER_STEPS = ["before-due", "due", "overdue-7", "overdue-30"] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];
export const REMINDER_DAYS: Record<ReminderStep, number> = {
  "before-due": -3,
  due: 0,
  "overdue-7": 7,
  "overdue-30": 30,
};

export const RECEIVABLES_LIMITS = {
  reference: PAYMENT_REFERENCE_MAX,
  /** Allocations one payment may name. */
  allocations: 100,
  /** One payment received, in dollars. */
  paymentMax: 100_000_000,
} as const;

export const RECEIVABLES_MESSAGES = {
  duplicateReference: duplicateReferenceMessage,
  notThisCompanys: "No such order of this company on account.",
  notInvoiced: "This order has no invoice yet: it can be paid once it ships.",
  aboveBalance: (number: string, balance: string) => `Order ${number} has ${balance} left to pay.`,
  aboveInvoiceBalance: (invoiceNumber: string, balance: string) =>
    `Invoice ${invoiceNumber} has ${balance} left to pay.`,
  aboveAmount: "The allocations come to more than the payment.",
} as const;

/** An invoice number as the gapless sequence writes it: INV-2026-000001. */
export const invoiceNumberField = z
  .string({ error: "Not an invoice number (INV-2026-000001)" })
  .regex(/^INV-\d{4}-\d{6,}$/, { error: "Not an invoice number (INV-2026-000001)" });

const amountField = (label: string) => positiveMoneyField(label, RECEIVABLES_LIMITS.paymentMax);

/**
 * POST /api/admin/companies/{id}/payments: money received by bank transfer. Without allocations it pays the
 * company's oldest invoices first; what is left stays as its credit and pays the next invoices.
 */
export const paymentReceivedBodySchema = z
  .object({
    amount: amountField("Amount"),
    receivedAt: dayField("receivedAt").refine((day) => day <= isoDay(new Date()), {
      error: "receivedAt cannot be in the future",
    }),
    reference: requiredText("Reference is Required", "Reference", RECEIVABLES_LIMITS.reference),
    allocations: z
      .array(
        z.object({
          orderId: z.uuid({ error: "Not a valid order id" }),
          /** One invoice of the order (decision 077); without it, the order's invoices oldest first. */
          invoiceNumber: invoiceNumberField.optional(),
          amount: amountField("Allocation"),
        }),
        { error: "allocations must be a list of orders and amounts" },
      )
      .max(RECEIVABLES_LIMITS.allocations, {
        error: `At most ${RECEIVABLES_LIMITS.allocations} allocations a payment`,
      })
      .optional(),
  })
  .refine(
    (body) =>
      !body.allocations ||
      body.allocations.reduce((sum, allocation) => sum + Math.round(allocation.amount * 100), 0) <=
        Math.round(body.amount * 100),
    { error: RECEIVABLES_MESSAGES.aboveAmount, path: ["allocations"] },
  );

/** A payment as recorded: what it paid, order by order, and the company's credit after it. */
export const paymentReceivedSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  receivedAt: z.string(),
  reference: z.string(),
  allocations: z.array(
    z.object({ orderId: z.string(), number: z.string(), invoiceNumber: z.string(), amount: z.number() }),
  ),
  /** The company's money not yet paid against an invoice, after this payment. */
  creditBalance: z.number(),
});

export type PaymentReceivedBody = z.infer<typeof paymentReceivedBodySchema>;
export type PaymentReceived = z.infer<typeof paymentReceivedSchema>;
