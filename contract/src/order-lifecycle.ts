import type { OrderStatus } from "./order-status.js";

/**
 * The one order state machine (docs/ARCHITECTURE.md, 'Order lifecycle'; docs/SELLING-TO-BUSINESSES.md, 'Companies'):
 * every move an order can make, from which statuses, and who may make it. The server's routes change an order only
 * through this table (server/src/ordering/queries.ts `changeStatus`) and the pages offer only the buttons it allows; no
 * other place lists transitions. No zod here: the order pages read it without loading a schema library.
 */
export const ORDER_TRANSITIONS = {
  /** A successful payment; only the server makes it (payment/mark-paid.ts). */
  pay: { from: ["unpaid"], to: "paid", by: ["server"] },
  /** A company owner lets a requester's, or an over-limit, order go ahead: it can be paid now. */
  approve: { from: ["awaiting-approval"], to: "unpaid", by: ["company-owner"] },
  /** A company owner turns it down, with a note. */
  reject: { from: ["awaiting-approval"], to: "cancelled", by: ["company-owner"] },
  cancel: { from: ["awaiting-approval", "unpaid"], to: "cancelled", by: ["customer", "admin"] },
  ship: { from: ["paid"], to: "shipped", by: ["admin"] },
  deliver: { from: ["shipped"], to: "delivered", by: ["admin"] },
  refund: { from: ["paid", "shipped", "delivered"], to: "refunded", by: ["admin"] },
  /** A product withdrawn from the catalogue takes its unpaid orders with it. */
  withdraw: { from: ["awaiting-approval", "unpaid"], to: "cancelled", by: ["server"] },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: readonly OrderActor[] }>;

export type OrderActor = "customer" | "company-owner" | "admin" | "server";
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/**
 * The statuses of an order placed and not yet paid or closed: it still counts against the buyer (one open
 * order per tool, the first-order promotion it holds), whether it waits for an owner or for its payment.
 */
export const OPEN_ORDER_STATUSES = ORDER_TRANSITIONS.cancel.from satisfies readonly OrderStatus[];

/** The statuses in which the shop holds the customer's money (the wire's `paid`). */
export const MONEY_HELD_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/** Whether an order in this status may take this step. */
export function canTransition(transition: OrderTransition, status: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** The steps this actor may take on an order in this status, in the table's order. */
export function transitionsFor(actor: OrderActor, status: OrderStatus): OrderTransition[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter(
    (transition) =>
      (ORDER_TRANSITIONS[transition].by as readonly OrderActor[]).includes(actor) && canTransition(transition, status),
  );
}

/**
 * A paid order's pieces never left, so a refund always returns them to stock; a shipped or delivered
 * order's pieces go back only if the admin says they came back.
 */
export function refundAsksAboutStock(status: OrderStatus): boolean {
  return status === "shipped" || status === "delivered";
}
