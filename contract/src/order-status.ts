/**
 * Where an order stands (docs/SPEC-CONFORMANCE.md, "Additions": the order lifecycle). Apart from
 * ordering.ts, whose zod schemas the order pages would otherwise load with it.
 */
export const ORDER_STATUSES = [
  "awaiting-approval",
  "unpaid",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The admin list's filters: a status, or the orders the shop must ship now (`to-ship`: a card order once paid, one
 * on account as soon as it goes ahead), which the overview's "Orders to ship" counts and opens.
 */
export const TO_SHIP = "to-ship";
export const ADMIN_ORDER_FILTERS = [TO_SHIP, ...ORDER_STATUSES] as const;
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

/** The status as a sentence says it: "awaiting approval". */
export const statusInWords = (status: OrderStatus): string => status.replace("-", " ");

/**
 * The upper bounds of the admins' order fields. Kept apart from limits.ts, whose MAX_LENGTH the home page
 * loads (admin-only bounds would add to every first visit), and from order-admin.ts, whose zod schemas the
 * admin order list would otherwise load with them.
 */
export const ADMIN_ORDER_LIMITS = {
  carrier: 100,
  trackingNumber: 100,
  trackingUrl: 500,
  /** The admin order list's search text. */
  search: 200,
} as const;
