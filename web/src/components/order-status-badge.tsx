import type { OrderStatus } from "@forgeline/contract";
import { deliveryFact, type Fact, type FactTone, moneyFact } from "../lib/order-words";

/** SPEC.md's one status word: the admin list's filters and the overview's counts name statuses with it. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  "awaiting-approval": "Awaiting approval",
  unpaid: "Unpaid",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

const TONE_CLASSES: Record<FactTone, string> = {
  warning: "badge-warning",
  info: "badge-info",
  accent: "badge-accent",
  success: "badge-success",
  neutral: "badge-neutral",
};

type FactsOrder = Parameters<typeof deliveryFact>[0];

/** One fact as a word (never colour alone) on a coloured badge. */
export function FactBadge({ fact }: { fact: Fact }) {
  return <span className={`badge whitespace-nowrap ${TONE_CLASSES[fact.tone]}`}>{fact.text}</span>;
}

/**
 * Where an order stands, as its lists show it in one cell: where the goods are and where the money is, each a badge
 * in a buyer's words (lib/order-words.ts), so an order on account not yet invoiced reads "To ship" and "Invoice when
 * shipped, net 30", not "Unpaid".
 */
export function OrderStatusBadge({ order }: { order: FactsOrder }) {
  return (
    <span className="flex flex-wrap gap-1">
      <FactBadge fact={deliveryFact(order)} />
      <FactBadge fact={moneyFact(order)} />
    </span>
  );
}
