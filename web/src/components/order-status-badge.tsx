import type { OrderEvent, OrderStatus } from "@forgeline/contract";
import { onAccountTerm } from "../lib/on-account";

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
 * an owner's approval says it was approved, so its buyer does not read it as still waiting (nor, on account,
 * as waiting for a card payment). An order on account says so under the badge, with its invoice's due day
 * (lib/on-account.ts), and "overdue" in words and in colour once that day passed with a balance left.
 */
export function OrderStatusBadge({
  order,
}: {
  order: { status: OrderStatus; statusHistory: OrderEvent[] } & Parameters<typeof onAccountTerm>[0];
}) {
  const { status } = order;
  const approved = status === "unpaid" && order.statusHistory.some((event) => event.status === "awaiting-approval");
  const onAccount = onAccountTerm(order);
  return (
    <>
      <span className={`badge whitespace-nowrap ${BADGE_CLASSES[status]}`}>
        {approved ? (onAccount ? "Approved" : "Approved: awaiting payment") : ORDER_STATUS_LABELS[status]}
      </span>
      {onAccount && (
        <span className="block text-sm">
          {onAccount.text}
          {onAccount.overdue && (
            <>
              , <strong className="text-error">overdue</strong>
            </>
          )}
        </span>
      )}
    </>
  );
}
