import type { OrderStatus } from "./order-status.js";
import { lifecycle, type Step } from "./state-machine.js";

/**
 * An order's two facts (docs/BUYING-ON-ACCOUNT.md, 'Two facts'): where the goods are and where the money is,
 * each moved only by its own table below. SPEC.md's single `status` is derived from the two (`derivedStatus`),
 * so the pages and reports that read it keep working. No zod: the order pages read it without a schema library.
 */
export const FULFILMENT_STATUSES = [
  "awaiting-approval",
  "open",
  "partially-shipped",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const PAYMENT_STATUSES = ["unpaid", "partially-paid", "paid", "partially-refunded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How an order is paid: by card before it ships, or on account by invoice after it shipped. */
export const PAYMENT_METHODS = ["card", "invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The facts an order's steps are decided on. */
export interface OrderFacts {
  fulfilmentStatus: FulfilmentStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
}

type Anyone = "anyone";
const words = (status: string) => status.replace("-", " ");

/** Where the goods are. Refunding an order that has not shipped cancels it: its pieces never leave. */
export const FULFILMENT_TRANSITIONS = {
  approve: { from: ["awaiting-approval"], to: "open", by: ["anyone"], done: "approved" },
  reject: { from: ["awaiting-approval"], to: "cancelled", by: ["anyone"], done: "rejected" },
  cancel: { from: ["awaiting-approval", "open"], to: "cancelled", by: ["anyone"], done: "cancelled" },
  /** A shipment that leaves pieces of the order still to ship (docs/STOCK.md, 'Shipments'). */
  shipPart: { from: ["open", "partially-shipped"], to: "partially-shipped", by: ["anyone"], done: "shipped in part" },
  /** The shipment that carries the last pieces (or all of them at once). */
  ship: { from: ["open", "partially-shipped"], to: "shipped", by: ["anyone"], done: "shipped" },
  deliver: { from: ["shipped"], to: "delivered", by: ["anyone"], done: "marked delivered" },
  refund: { from: ["open"], to: "cancelled", by: ["anyone"], done: "refunded" },
} as const satisfies Record<string, Step<FulfilmentStatus, Anyone>>;

/**
 * Where the money is. Part payments arrive with payments received; an order on account is refunded by credit
 * notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): in part once nothing is owed on it, in full once its whole
 * total is credited.
 */
export const PAYMENT_TRANSITIONS = {
  pay: { from: ["unpaid"], to: "paid", by: ["anyone"], done: "paid" },
  /** Money received against an invoice that leaves some of it owed. */
  payPart: { from: ["unpaid", "partially-paid"], to: "partially-paid", by: ["anyone"], done: "paid in part" },
  /** Money received (or credit) that pays the rest of an invoice. */
  settle: { from: ["unpaid", "partially-paid"], to: "paid", by: ["anyone"], done: "paid" },
  refund: { from: ["paid"], to: "refunded", by: ["anyone"], done: "refunded" },
  /**
   * A card order paid, or paid in part, changed to cost more than was paid: it owes the difference
   * (docs/decisions/076-the-money-of-a-changed-order.md).
   */
  owe: { from: ["paid", "partially-paid"], to: "partially-paid", by: ["anyone"], done: "changed to cost more" },
  /** What a changed card order owed, paid by card, or no longer owed after another change: paid again. */
  payDifference: { from: ["partially-paid"], to: "paid", by: ["anyone"], done: "paid" },
  /** Credit notes that credit the whole total of an order on account, whatever was paid of it. */
  creditAll: {
    from: ["unpaid", "partially-paid", "paid", "partially-refunded"],
    to: "refunded",
    by: ["anyone"],
    done: "refunded",
  },
  /** A credit note that leaves nothing owed and part of the total uncredited: the rest was paid. */
  creditPart: {
    from: ["partially-paid", "paid", "partially-refunded"],
    to: "partially-refunded",
    by: ["anyone"],
    done: "refunded in part",
  },
} as const satisfies Record<string, Step<PaymentStatus, Anyone>>;

export const FULFILMENT_LIFECYCLE = lifecycle<keyof typeof FULFILMENT_TRANSITIONS, FulfilmentStatus, Anyone>(
  FULFILMENT_TRANSITIONS,
  { noun: "order", status: words },
);
export const PAYMENT_LIFECYCLE = lifecycle<keyof typeof PAYMENT_TRANSITIONS, PaymentStatus, Anyone>(
  PAYMENT_TRANSITIONS,
  { noun: "order", status: words },
);

/**
 * SPEC.md's one word for the two facts: waiting for an owner, refunded, cancelled, shipped and delivered say
 * themselves; an open order is `paid` once the money is in, else `unpaid`. An order shipped in part is still one
 * to ship (docs/decisions/069-shipments-in-parts.md): its word is the open order's, and `fulfilmentStatus` says
 * what left. The orders table's generated `status`
 * is written from it for every pair of facts (server/src/ordering/tables.ts).
 */
export function derivedStatus(fulfilment: FulfilmentStatus, payment: PaymentStatus): OrderStatus {
  if (fulfilment === "awaiting-approval") return "awaiting-approval";
  if (payment === "refunded") return "refunded";
  if (fulfilment !== "open" && fulfilment !== "partially-shipped") return fulfilment;
  return MONEY_HELD_PAYMENTS.includes(payment) ? "paid" : "unpaid";
}

/** The payment statuses in which the shop holds the customer's money: SPEC.md's `paid`. */
export const MONEY_HELD_PAYMENTS: readonly PaymentStatus[] = ["paid", "partially-refunded"];

/**
 * The facts of a card order in this status: how the orders from before the two facts were split (migration
 * 0026, which also reads a refunded order's history to know whether its goods had left), and the pages' tests.
 */
export function cardOrderFacts(status: OrderStatus): OrderFacts {
  const fulfilmentStatus: Record<OrderStatus, FulfilmentStatus> = {
    "awaiting-approval": "awaiting-approval",
    unpaid: "open",
    paid: "open",
    shipped: "shipped",
    delivered: "delivered",
    cancelled: "cancelled",
    refunded: "cancelled",
  };
  const paymentStatus: PaymentStatus = ["paid", "shipped", "delivered"].includes(status)
    ? "paid"
    : status === "refunded"
      ? "refunded"
      : "unpaid";
  return { fulfilmentStatus: fulfilmentStatus[status], paymentStatus, paymentMethod: "card" };
}

/**
 * Every pair of facts an order may hold, with its derived status: the orders table's check constraints are
 * written from it (server/src/ordering/tables.ts) and db/migrate.test.ts holds the two to each other.
 */
export const POSSIBLE_FACTS: readonly { fulfilment: FulfilmentStatus; payment: PaymentStatus }[] =
  FULFILMENT_STATUSES.flatMap((fulfilment) =>
    PAYMENT_STATUSES.filter((payment) => factsAgree(fulfilment, payment)).map((payment) => ({ fulfilment, payment })),
  );

/** Whether the two facts can stand together: money moves only on an order that went ahead. */
function factsAgree(fulfilment: FulfilmentStatus, payment: PaymentStatus): boolean {
  if (fulfilment === "awaiting-approval") return payment === "unpaid";
  if (fulfilment === "cancelled") return payment === "unpaid" || payment === "refunded";
  // Refunding an order that has not shipped cancels it; one shipped in part ships the rest before a refund.
  return !((fulfilment === "open" || fulfilment === "partially-shipped") && payment === "refunded");
}
