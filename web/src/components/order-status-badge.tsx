import type { OrderStatus } from "@forgeline/contract";

/** What each status reads as; the colour only repeats what the word says. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const BADGE_CLASSES: Record<OrderStatus, string> = {
  unpaid: "badge-warning",
  paid: "badge-info",
  shipped: "badge-primary",
  delivered: "badge-success",
  cancelled: "badge-neutral",
  refunded: "badge-neutral",
};

/** An order's status as a word in a badge (customers' and admins' order pages). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge whitespace-nowrap ${BADGE_CLASSES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
