import { type OrderStatus, statusInWords } from "./order-status.js";
import { lifecycle, type Step } from "./state-machine.js";

/**
 * The one order state machine (docs/ARCHITECTURE.md, 'Order lifecycle'; docs/SELLING-TO-BUSINESSES.md, 'Companies'):
 * every move an order can make, from which statuses, and who may make it. The server's routes change an order only
 * through this table (server/src/ordering/queries/lifecycle.ts `changeStatus`) and the pages offer only the buttons it
 * allows; no other place lists transitions, and the status sets below are read from it. No zod here: the order pages
 * read it without loading a schema library.
 */
export const ORDER_TRANSITIONS = {
  /** A successful payment; only the server makes it (payment/mark-paid.ts). */
  pay: { from: ["unpaid"], to: "paid", by: ["server"], done: "paid" },
  /** A company owner lets a requester's, or an over-limit, order go ahead: it can be paid now. */
  approve: { from: ["awaiting-approval"], to: "unpaid", by: ["company-owner"], done: "approved" },
  /** A company owner turns it down, with a note. */
  reject: { from: ["awaiting-approval"], to: "cancelled", by: ["company-owner"], done: "rejected" },
  cancel: { from: ["awaiting-approval", "unpaid"], to: "cancelled", by: ["customer", "admin"], done: "cancelled" },
  ship: { from: ["paid"], to: "shipped", by: ["admin"], done: "shipped" },
  deliver: { from: ["shipped"], to: "delivered", by: ["admin"], done: "marked delivered" },
  refund: { from: ["paid", "shipped", "delivered"], to: "refunded", by: ["admin"], done: "refunded" },
  /** A product withdrawn from the catalogue takes its unpaid orders with it. */
  withdraw: { from: ["awaiting-approval", "unpaid"], to: "cancelled", by: ["server"], done: "withdrawn" },
} as const satisfies Record<string, Step<OrderStatus, OrderActor>>;

export type OrderActor = "customer" | "company-owner" | "admin" | "server";
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

export const ORDER_LIFECYCLE = lifecycle<OrderTransition, OrderStatus, OrderActor>(ORDER_TRANSITIONS, {
  noun: "order",
  status: statusInWords,
});

/**
 * The statuses of an order placed and not yet paid or closed: it still counts against the buyer (one open
 * order per tool, the first-order promotion it holds), whether it waits for an owner or for its payment.
 */
export const OPEN_ORDER_STATUSES = ORDER_TRANSITIONS.cancel.from satisfies readonly OrderStatus[];

/**
 * The statuses in which the shop holds the customer's money (the wire's `paid`): those a refund starts from.
 * The orders table's check constraint `orders_paid_while_money_held` is written from this set.
 */
export const MONEY_HELD_STATUSES: readonly OrderStatus[] = ORDER_TRANSITIONS.refund.from;

/** The statuses of an order whose pieces left the shop: shipped, and delivered after that. */
export const SENT_ORDER_STATUSES: readonly OrderStatus[] = [ORDER_TRANSITIONS.ship.to, ORDER_TRANSITIONS.deliver.to];

/**
 * The statuses of an order that goes ahead and takes from its buyer's monthly limit
 * (docs/decisions/023-companies.md): one that may be paid now, or whose money the shop holds. Not one waiting
 * for an owner (the owner decides on it), nor one cancelled or refunded.
 */
export const SPENDING_ORDER_STATUSES: readonly OrderStatus[] = [...ORDER_TRANSITIONS.pay.from, ...MONEY_HELD_STATUSES];

/** Whether an order in this status may take this step. */
export const canTransition = ORDER_LIFECYCLE.can;

/** The steps this actor may take on an order in this status, in the table's order. */
export const transitionsFor = ORDER_LIFECYCLE.stepsFor;

/**
 * A paid order's pieces never left, so a refund always returns them to stock; a shipped or delivered
 * order's pieces go back only if the admin says they came back.
 */
export function refundAsksAboutStock(status: OrderStatus): boolean {
  return SENT_ORDER_STATUSES.includes(status);
}
