import type { OrderEvent, OrderStatus } from "@forgeline/contract";

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

/**
 * Where an order stands, as a word (never colour alone) on a coloured badge. An unpaid order that waited for
 * an owner's approval says it was approved, so its buyer does not read it as still waiting.
 */
export function OrderStatusBadge({ order }: { order: { status: OrderStatus; statusHistory: OrderEvent[] } }) {
  const { status } = order;
  const approved = status === "unpaid" && order.statusHistory.some((event) => event.status === "awaiting-approval");
  return (
    <span className={`badge whitespace-nowrap ${BADGE_CLASSES[status]}`}>
      {approved ? "Approved: awaiting payment" : ORDER_STATUS_LABELS[status]}
    </span>
  );
}
