import type { OrderStatus } from "@forgeline/contract";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  "awaiting-approval": "Awaiting approval",
  unpaid: "Unpaid",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const BADGE_CLASSES: Record<OrderStatus, string> = {
  "awaiting-approval": "badge-warning",
  unpaid: "badge-warning",
  paid: "badge-info",
  shipped: "badge-accent",
  delivered: "badge-success",
  cancelled: "badge-neutral",
  refunded: "badge-neutral",
};

/** Where an order stands, as a word (never colour alone) on a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge whitespace-nowrap ${BADGE_CLASSES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
