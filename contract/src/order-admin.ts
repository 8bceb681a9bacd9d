import { z } from "zod";
import { ORDER_CHANGE_MESSAGES, owesDifference } from "./order-change-terms.js";
import type { OrderFacts, PaymentMethod } from "./order-facts.js";
import { orderRefusal } from "./order-lifecycle.js";
import { ADMIN_ORDER_FILTERS, ADMIN_ORDER_LIMITS, type OrderStatus, statusInWords, TO_SHIP } from "./order-status.js";
import { pageQuerySchema } from "./paging.js";
import { requiredText } from "./text-field.js";

/** POST /api/admin/orders/{id}/ship: who carries it and how to follow it. */
export const shipBodySchema = z.object({
  carrier: requiredText("Carrier is Required", "Carrier", ADMIN_ORDER_LIMITS.carrier),
  trackingNumber: requiredText("Tracking number is Required", "Tracking number", ADMIN_ORDER_LIMITS.trackingNumber),
  trackingUrl: z
    .url({ protocol: /^https$/, error: "Provide a tracking link starting with https://" })
    .max(ADMIN_ORDER_LIMITS.trackingUrl, {
      error: `Tracking link must be ${ADMIN_ORDER_LIMITS.trackingUrl} characters or fewer`,
    })
    .optional(),
});

/**
 * POST /api/admin/orders/{id}/refund. A paid order's pieces never left, so they always go back to stock;
 * for a shipped or delivered order `restock` says whether the returned pieces go back.
 */
export const refundBodySchema = z.object({
  restock: z.boolean({ error: "restock must be true or false" }),
});

/**
 * GET /api/admin/orders: newest first, one filter or all, searched by order number (FL-100234), customer email,
 * product, SKU, PO number or the start of the order id.
 */
export const adminOrderQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADMIN_ORDER_FILTERS).optional(),
  q: z
    .string()
    .trim()
    .max(ADMIN_ORDER_LIMITS.search, { error: `q must be ${ADMIN_ORDER_LIMITS.search} characters or fewer` })
    // PostgreSQL text cannot hold NUL, so no order could match it.
    .regex(/^[^\0]*$/, { error: "q must not contain a NUL character" })
    .optional(),
});

export const adminOrderCountsQuerySchema = adminOrderQuerySchema.pick({ q: true });
/** GET /api/admin/orders.csv: every order the list's filter finds, not one page of them. */
export const adminOrderExportQuerySchema = adminOrderQuerySchema.pick({ status: true, q: true });

/** GET /api/admin/orders/counts: how many orders the search finds per filter, and in all. */
const howMany = z.number().int();
export const orderCountsSchema = z.object({
  all: howMany,
  [TO_SHIP]: howMany,
  "awaiting-approval": howMany,
  unpaid: howMany,
  paid: howMany,
  shipped: howMany,
  delivered: howMany,
  cancelled: howMany,
  refunded: howMany,
});

/**
 * Why a status change was refused (409): the order's status now, and what the step needs, worded from the
 * state machine (ORDER_LIFECYCLE.refusal), so a message cannot say other than the table does.
 */
export const ORDER_STATUS_MESSAGES = {
  cannotPay: (order: OrderFacts | OrderStatus) => orderRefusal("pay", order),
  cannotCancel: (order: OrderFacts | OrderStatus) => orderRefusal("cancel", order),
  cannotDecide: (order: OrderFacts | OrderStatus) => orderRefusal(["approve", "reject"], order),
  // A changed card order that owes its difference ships once that is paid (decision 076).
  cannotShip: (order: OrderFacts | OrderStatus) =>
    typeof order !== "string" && owesDifference(order)
      ? ORDER_CHANGE_MESSAGES.owesDifference
      : orderRefusal("ship", order),
  cannotDeliver: (order: OrderFacts | OrderStatus) => orderRefusal("deliver", order),
  cannotRefund: (order: OrderFacts | OrderStatus) => orderRefusal("refund", order),
  refundFailed: "The payment provider did not refund this order; nothing was changed. Please try again in a minute.",
  paidElsewhere: "This order was paid through another payment provider; refund it there.",
  /** A card order is invoiced when it is paid, an order on account when it ships. */
  noInvoice: ({ status, paymentMethod }: { status: OrderStatus; paymentMethod: PaymentMethod }) =>
    `This order is ${statusInWords(status)}; ${paymentMethod === "invoice" ? "an order on account has an invoice once it ships" : "an order has an invoice once it is paid"}.`,
} as const;

export type ShipBody = z.infer<typeof shipBodySchema>;
export type RefundBody = z.infer<typeof refundBodySchema>;
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;
export type OrderCounts = z.infer<typeof orderCountsSchema>;
