import type { OrderTransition } from "./order-lifecycle.js";

/**
 * What happened to an order, as its history names each entry (docs/decisions/062-order-money-words.md): a payment
 * received is "Payment received", never the status it left the order in ("Shipped"). No zod: the order pages read
 * it without a schema library.
 */
export const ORDER_EVENT_KINDS = [
  "placed",
  "approved",
  "rejected",
  "cancelled",
  "paid",
  "payment-received",
  "shipped",
  "delivered",
  "refunded",
  "credit-note",
  // A change of its lines after it was placed (docs/decisions/072-order-changes.md): the note says before and after.
  "changed",
  // An admin's change that raises the total, waiting for the buyer (docs/decisions/078-admins-change-orders.md), and
  // the buyer declining it; accepted, it is a "changed" entry whose note says so.
  "change-proposed",
  "change-declined",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The title of a history entry of each kind. */
export const ORDER_EVENT_TITLES: Record<OrderEventKind, string> = {
  placed: "Placed",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
  paid: "Paid by card",
  "payment-received": "Payment received",
  shipped: "Shipped",
  delivered: "Delivered",
  refunded: "Refunded",
  "credit-note": "Credit note",
  changed: "Changed",
  "change-proposed": "Change proposed",
  "change-declined": "Change declined",
};

/** The kind of history entry each step of the order state machine writes (order-lifecycle.ts). */
export const EVENT_OF_STEP: Record<OrderTransition, OrderEventKind> = {
  approve: "approved",
  reject: "rejected",
  cancel: "cancelled",
  // A tool withdrawn from the catalogue cancels the orders waiting for it; the entry's note says why.
  withdraw: "cancelled",
  pay: "paid",
  // A change that makes a paid card order cost more is the change's own entry; its difference paid by card is paid.
  owe: "changed",
  payDifference: "paid",
  payPart: "payment-received",
  settle: "payment-received",
  ship: "shipped",
  shipPart: "shipped",
  deliver: "delivered",
  refund: "refunded",
  creditNote: "credit-note",
  creditNotePart: "credit-note",
};

/**
 * How money reached an order: a bank transfer an admin recorded, a card (the order's own payment, or its invoice
 * paid by card), or the company's credit (money received earlier, or given back by a credit note).
 */
export const PAID_WITH = ["transfer", "card", "credit"] as const;
export type PaidWith = (typeof PAID_WITH)[number];

/** A movement of money on an order: money paid, a credit note, a card payment given back. */
export const MONEY_MOVEMENT_KINDS = ["payment", "credit-note", "refund"] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/** The kind of movement a history entry that moved money is. */
export const MOVEMENT_OF_EVENT: Partial<Record<OrderEventKind, MoneyMovementKind>> = {
  paid: "payment",
  "payment-received": "payment",
  "credit-note": "credit-note",
  refunded: "refund",
};
