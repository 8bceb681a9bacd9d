import { z } from "zod";
import { emailField } from "./account.js";
import { ORDER_MAX_QUANTITY, ORDER_MIN_QUANTITY } from "./constants.js";
import { MAX_LENGTH } from "./limits.js";
import { ORDER_STATUSES } from "./order-status.js";
import { requiredText } from "./text-field.js";

export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

export const phoneField = z
  .string({ error: "Phone is Required" })
  .trim()
  .min(1, { error: "Phone is Required", abort: true })
  .regex(PHONE_PATTERN, { error: "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters" });

export const addressField = requiredText("Address is Required", "Address", MAX_LENGTH.address);

/**
 * The band of docs/SPEC-CONFORMANCE.md §5 as docs/decisions/006-deviations-from-spec.md enforces it: 100-200
 * pieces, whole numbers.
 */
export function orderQuantityField(stock: number = ORDER_MAX_QUANTITY) {
  const max = Math.min(ORDER_MAX_QUANTITY, stock);
  return z.coerce
    .number({ error: "Quantity is Required" })
    .int({ error: "Quantity must be a whole number" })
    .min(ORDER_MIN_QUANTITY, { error: `Order at least ${ORDER_MIN_QUANTITY} pieces` })
    .max(max, { error: `Order at most ${max} pieces` });
}

/**
 * POST /api/ordering. The server reads the customer's email and name from the token and the price from
 * the stored product; what the browser sends for them is ignored, except that a `userEmail` other than
 * the caller's is refused.
 */
export const orderBodySchema = z.object({
  orderId: z.uuid({ error: "orderId must be a product id" }),
  quantity: orderQuantityField(),
  phone: phoneField,
  address: addressField,
  userEmail: emailField().optional(),
});

export const orderFormSchema = z.object({ quantity: orderQuantityField(), phone: phoneField, address: addressField });

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** One step of an order's history: the status it reached, when, who moved it, and why. */
export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  /** The email of the customer or admin who acted. */
  by: z.string(),
  note: z.string().nullable(),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** The product's id. */
  orderId: z.string(),
  /** The product's name when ordered. */
  order: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** What the customer pays: unit price × quantity, in dollars. */
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
  /** Given when the order is paid (INV-2026-000001); its PDF is GET /api/ordering/{id}/invoice. */
  invoiceNumber: z.string().nullable(),
});

export const orderListQuerySchema = z.object({ userEmail: emailField().transform((email) => email.toLowerCase()) });
export const orderCreatedSchema = z.object({ success: z.boolean(), insertedId: z.string().nullable() });
export const idParamsSchema = z.object({ id: z.uuid({ error: "Not a valid id" }) });

export type OrderEvent = z.infer<typeof orderEventSchema>;
export type OrderBody = z.infer<typeof orderBodySchema>;
export type OrderForm = z.infer<typeof orderFormSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderCreated = z.infer<typeof orderCreatedSchema>;
/** What the order form holds before validation turns the quantity into a number. */
export type OrderFormInput = z.input<typeof orderFormSchema>;
