import type { OrderFacts } from "./order-facts.js";
import { type OrderStatus, statusInWords } from "./order-status.js";

/**
 * Which orders may change after they are placed (docs/decisions/072-order-changes.md) and the words of a change's
 * refusals. No zod here: the order answer's `actions` (permissions.ts) offer "Change order" by `orderChangeRefusal`,
 * and the pages read it without a schema library; order-change.ts holds the schemas.
 */
export const ORDER_CHANGE_MESSAGES = {
  noLines: "Give the order's lines: an order keeps at least one (cancel it to keep none)",
  twice: "This tool is named twice: give each tool once",
  nothing: "This change changes nothing: change a quantity, add or remove a line",
  stale: "The order changed since you read it: read it again and make your change on what it is now.",
  priceChanged: "The total changed since the preview: preview the change again.",
  paid: "A paid order cannot be changed here yet: a paid order's change, with the difference paid or refunded, comes later. Contact the shop.",
  invoiced: "This order was invoiced: its change comes later. Contact the shop.",
  shipped: "This order has left the warehouse, all or in part: it cannot be changed now.",
  closed: (status: string) => `A ${status} order cannot be changed.`,
} as const;

/** What decides whether an order's lines may change now. */
export interface OrderToChange extends Pick<OrderFacts, "fulfilmentStatus" | "paymentStatus"> {
  status: OrderStatus;
  invoiceNumber: string | null;
}

/**
 * Why this order cannot change now (in this increment), or undefined: not cancelled or refunded, nothing shipped,
 * not paid, not invoiced. The server refuses a change by it; the order answer offers "Change order" by it.
 */
export function orderChangeRefusal(order: OrderToChange): string | undefined {
  const { fulfilmentStatus, paymentStatus } = order;
  if (fulfilmentStatus === "cancelled" || paymentStatus === "refunded") {
    return ORDER_CHANGE_MESSAGES.closed(statusInWords(order.status));
  }
  if (fulfilmentStatus !== "open" && fulfilmentStatus !== "awaiting-approval") return ORDER_CHANGE_MESSAGES.shipped;
  if (paymentStatus !== "unpaid") return ORDER_CHANGE_MESSAGES.paid;
  if (order.invoiceNumber !== null) return ORDER_CHANGE_MESSAGES.invoiced;
  return undefined;
}
