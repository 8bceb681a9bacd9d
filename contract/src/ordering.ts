import { z } from "zod";
import { emailField } from "./account.js";
import { shippingField } from "./backorders.js";
import { creditNoteSchema } from "./credit-notes.js";
import { MONEY_MOVEMENT_KINDS, ORDER_EVENT_KINDS, PAID_WITH } from "./order-events.js";
import { FULFILMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "./order-facts.js";
import { ORDER_STATUSES } from "./order-status.js";
import { addressField, paymentMethodField, phoneField, wholeQuantityField } from "./ordering-fields.js";
import { ORDER_ACTIONS } from "./permissions.js";
import { appliedPromotionSchema, poNumberField, pricedLineSchema } from "./pricing.js";
import { proposedChangeSchema } from "./proposed-change.js";
import { DEFAULT_QUANTITY_RULE, type QuantityRule, quantityRefusal } from "./quantity-rule.js";
import { shipmentSchema } from "./shipment.js";
import { SHIPPING_PREFERENCES } from "./stock.js";

/**
 * The order form's quantity: the tool's rule (docs/SELLING-TO-BUSINESSES.md, 'SKU, quantity rule and volume tiers';
 * SPEC.md's band 100-200 by default), and no more than the stock.
 */
export function orderQuantityField(rule: QuantityRule = DEFAULT_QUANTITY_RULE, stock = Number.POSITIVE_INFINITY) {
  const max = Math.min(rule.max, stock);
  return wholeQuantityField.superRefine((quantity, context) => {
    const refusal = quantityRefusal({ ...rule, max: Math.max(rule.min, max) }, quantity);
    if (refusal) context.addIssue({ code: "custom", message: refusal });
  });
}

/**
 * POST /api/ordering. The server reads the customer's email and name from the token and the price from
 * the stored product; what the browser sends for them is ignored, except that a `userEmail` other than
 * the caller's is refused. A company member sends a PO number when the company asks for one and, when it
 * keeps delivery addresses, `addressId` instead of `address` (docs/SELLING-TO-BUSINESSES.md, 'Companies', as at the
 * cart's checkout).
 */
export const orderBodySchema = z.object({
  orderId: z.uuid({ error: "orderId must be a product id" }),
  quantity: wholeQuantityField,
  phone: phoneField,
  address: addressField.optional(),
  addressId: z.uuid({ error: "Not a valid address id" }).optional(),
  poNumber: poNumberField,
  userEmail: emailField().optional(),
  paymentMethod: paymentMethodField,
  /** When the tool is short and takes backorders: ship what is there now (default), or all together. */
  shipping: shippingField,
});

/** The order modal's form: a PO number as at the cart's checkout (the modal sends `addressId` beside it). */
export const orderFormSchema = z.object({
  quantity: orderQuantityField(),
  phone: phoneField,
  address: addressField,
  poNumber: poNumberField,
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** One step of an order's history: what happened (`kind`), the status it left the order in, when, who, and why. */
export const orderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  status: orderStatusSchema,
  at: z.string(),
  /** The email of the customer or admin who acted. */
  by: z.string(),
  note: z.string().nullable(),
});

/**
 * A movement of money on an order (order-events.ts), oldest first: money paid (`method`: by bank transfer, card, or
 * the company's credit), a credit note (`reference` its number), a card payment given back.
 */
export const moneyMovementSchema = z.object({
  kind: z.enum(MONEY_MOVEMENT_KINDS),
  /** Dollars it moved. */
  amount: z.number(),
  method: z.enum(PAID_WITH).nullable(),
  /** The transfer's reference, the card payment's id, the credit note's number. */
  reference: z.string().nullable(),
  /** The UTC day the money moved (YYYY-MM-DD): the day a transfer arrived, else the day it was recorded. */
  day: z.string(),
  /** Why a credit note was issued, when it says. */
  reason: z.string().optional(),
});

/**
 * A field of what an order owes on account (permissions.ts `ORDER_CREDIT_FIELDS`): its buyer reads it, and its
 * company's owners and buyers; a requester reads a colleague's order without it (decision 058).
 */
const creditField = <Field extends z.ZodType>(field: Field) =>
  field
    .optional()
    .describe(
      "Left out unless the caller reads what the order owes: its buyer, or an owner or buyer of its company " +
        "(`read:credit`); a requester reading a colleague's order gets it without this field.",
    );

/** A line of an order: priced when placed, and the pieces it still waits for (docs/STOCK.md, 'Backorders'). */
export const orderLineSchema = pricedLineSchema.extend({
  /** Pieces not yet in stock for it; the rest is set aside (or shipped). Always sent by the server. */
  waitingQuantity: z.number().int().optional(),
  /** Pieces of it shipped: a line with some shipped stays as it is when the order changes. Always sent by the server. */
  shippedQuantity: z.number().int().optional(),
  /** When the waiting pieces are expected (YYYY-MM-DD), when the shop said. */
  expectedAt: z.string().nullable().optional(),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** What a person calls the order: FL-100234 (order-number.ts). */
  number: z.string(),
  /** The first line's product id. */
  orderId: z.string(),
  /** The first line's product name when ordered, with "+ N more" when the order has more lines. */
  order: z.string(),
  /** The first line's unit price. */
  unitPrice: z.number(),
  /** Pieces of all lines. */
  quantity: z.number().int(),
  /** What the customer pays: the total after discount and tax, in dollars. */
  price: z.number(),
  userEmail: z.string(),
  userName: z.string(),
  phone: z.string(),
  address: z.string(),
  /** True while the shop holds the money: the order is paid, shipped or delivered. */
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  status: orderStatusSchema,
  /** Oldest first. */
  statusHistory: z.array(orderEventSchema),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /**
   * Given when a card order is paid, or when an order on account ships (INV-2026-000001); its PDF is
   * GET /api/ordering/{id}/invoice.
   */
  invoiceNumber: z.string().nullable(),
  /** Every tool of the order, priced and frozen when it was placed; the fields above describe the first. */
  lines: z.array(orderLineSchema),
  /** How it leaves when some lines wait for stock (docs/STOCK.md, 'Backorders'). */
  shipping: z.enum(SHIPPING_PREFERENCES).optional(),
  subtotal: z.number(),
  promotion: appliedPromotionSchema.nullable(),
  discount: z.number(),
  taxRate: z.number(),
  tax: z.number(),
  poNumber: z.string().nullable(),
  companyId: z.string().nullable(),
  /** Where the goods are and where the money is (order-facts.ts); `status` above is derived from the two. */
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The days its invoice gives to pay, when it is on account. */
  netDays: z.number().int().nullable(),
  /** What the shop holds of what was paid: money a credit note gave back became the company's credit. */
  amountPaid: creditField(z.number()),
  /** What credit notes took off its total (an order on account, refunded after its invoice). */
  credited: creditField(z.number()),
  /** Its credit notes, oldest first (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'). */
  creditNotes: creditField(z.array(creditNoteSchema)),
  /** Every movement of money on it, oldest first. */
  moneyMovements: creditField(z.array(moneyMovementSchema)),
  /** What is still owed: the total less what was credited and paid; nothing on a closed order (order-balance.ts). */
  balance: creditField(z.number()),
  /**
   * What credit notes may still take off it: the total less earlier credit notes, on an invoiced order on account
   * not closed; 0 on any other (order-balance.ts `creditableCents`).
   */
  creditable: creditField(z.number()),
  /** Its invoice once issued: when paid by card, or when an order on account ships (then with a due date). */
  invoice: z.object({ number: z.string(), issuedAt: z.string(), dueAt: z.string().nullable() }).nullable(),
  /** A balance left after the due date, as of when it was read. */
  overdue: creditField(z.boolean()),
  /** What the caller may do to it now (permissions.ts): the pages offer these buttons and no others. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /**
   * Its shipments, oldest first (docs/STOCK.md, 'Shipments'); an order shipped before shipments were counted has
   * none, its tracking above.
   */
  shipments: z.array(shipmentSchema),
  /**
   * An admin's change that raises its total, waiting for its buyer to accept or decline it (decision 078); null when
   * none waits, or the order can no longer change. Always sent by the server.
   */
  proposedChange: proposedChangeSchema.nullable().optional(),
});

export const orderListQuerySchema = z.object({ userEmail: emailField().transform((email) => email.toLowerCase()) });
/** A placed order: `status` is `awaiting-approval` when an owner of the buyer's company approves it first. */
export const orderCreatedSchema = z.object({
  success: z.boolean(),
  insertedId: z.string().nullable(),
  status: orderStatusSchema.optional(),
});
export const idParamsSchema = z.object({ id: z.uuid({ error: "Not a valid id" }) });

export type OrderEvent = z.infer<typeof orderEventSchema>;
export type MoneyMovement = z.infer<typeof moneyMovementSchema>;
export type OrderBody = z.infer<typeof orderBodySchema>;
export type OrderForm = z.infer<typeof orderFormSchema>;
export type Order = z.infer<typeof orderSchema>;
/** An order answer with what it owes: every admin route's, and a customer route's for who reads it (permissions.ts). */
export type OrderWithCredit = Required<Omit<Order, "shipping" | "proposedChange">> &
  Pick<Order, "shipping" | "proposedChange">;
/** An order as the server reads it, before its caller is known: the answer less their `actions`, with what it owes. */
export type OrderRecord = Required<Omit<Order, "actions" | "shipping">> & Pick<Order, "shipping">;
export type OrderCreated = z.infer<typeof orderCreatedSchema>;
/** What the order form holds before validation turns the quantity into a number. */
export type OrderFormInput = z.input<typeof orderFormSchema>;
