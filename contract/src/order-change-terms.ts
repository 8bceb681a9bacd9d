import type { FulfilmentStatus, OrderFacts, PaymentMethod, PaymentStatus } from "./order-facts.js";
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
  // A requester's change waits for an owner, and an order whose money is in cannot go back to waiting (decision 076).
  paidCannotWait:
    "This order is paid, so a change of it cannot wait for an owner's approval: ask a buyer or an owner of your company to make it.",
  // An order shipped in part cannot go back to waiting either: its pieces have left (decision 079).
  shippedCannotWait:
    "This order has shipped in part, so a change of it cannot wait for an owner's approval: ask a buyer or an owner of your company to make it.",
  // Ship and Ship part while a changed card order owes its difference (contract ORDER_TRANSITIONS `ship`).
  owesDifference: "This order was changed and owes the difference: it ships once paid.",
  // On account, paid in full or credited: nothing of it is left to change (decision 079).
  settled: "This order is settled on account: it cannot be changed now. Contact the shop.",
  shipped: "This order has left the warehouse: it cannot be changed now.",
  /** 409: a change that touches a line some of whose pieces have shipped (decision 079). */
  lineShipped: (line: { name: string; sku: string; shipped: number }) =>
    `${line.name} (${line.sku}): ${line.shipped} ${line.shipped === 1 ? "piece has" : "pieces have"} shipped, so this line stays as it is. Change the lines still to ship.`,
  /** 409: a change that would leave nothing of an order shipped in part to ship. */
  nothingToShip:
    "Every line left would have shipped already: keep a line still to ship, or ask the shop to close the order.",
  /** 409: below what the order's invoices billed already (never, as shipped lines are kept; asserted). */
  belowInvoiced: (invoiced: string) =>
    `This change takes the total below the ${invoiced} already invoiced: it cannot be made.`,
  closed: (status: string) => `A ${status} order cannot be changed.`,
} as const;

/** What decides whether an order's lines may change now. */
export interface OrderToChange extends OrderFacts {
  status: OrderStatus;
}

/**
 * Where the money may be when an order's lines change: a card order unpaid, paid, or owing the difference of an
 * earlier change (its money moves with the change: docs/decisions/076-the-money-of-a-changed-order.md); an order
 * on account unpaid, or paid in part once shipments invoiced some of it (its unshipped lines change: decision 079).
 * An order on account paid in full or credited has nothing left to ship.
 */
const CHANGES_WITH_PAYMENT = {
  card: ["unpaid", "paid", "partially-paid"],
  invoice: ["unpaid", "partially-paid"],
} as const satisfies Record<PaymentMethod, readonly PaymentStatus[]>;

/** Where the goods may be: not yet sent, or sent in part, whose lines still to ship change (decision 079). */
const CHANGES_WITH_FULFILMENT: readonly FulfilmentStatus[] = ["awaiting-approval", "open", "partially-shipped"];

/** The payment statuses of a card order that holds money of the buyer's: a change of it cannot wait for an owner. */
const MONEY_IN: readonly PaymentStatus[] = ["paid", "partially-paid"];

/** Whether the shop holds money of this card order's: paid, or paid in part after a change. */
export const holdsMoney = (order: OrderFacts): boolean =>
  order.paymentMethod === "card" && MONEY_IN.includes(order.paymentStatus);

/** Whether this card order owes the difference of a change (it ships, or ships the rest, once that is paid). */
export const owesDifference = (order: OrderFacts): boolean =>
  order.paymentMethod === "card" &&
  order.paymentStatus === "partially-paid" &&
  (order.fulfilmentStatus === "open" || order.fulfilmentStatus === "partially-shipped");

/**
 * Why a change of this order cannot wait for an owner's approval, or undefined: the shop holds its money
 * (decision 076), or some of it has shipped (079); either way `awaiting-approval` is not where it can go back to.
 */
export function changeCannotWait(order: OrderFacts): string | undefined {
  if (holdsMoney(order)) return ORDER_CHANGE_MESSAGES.paidCannotWait;
  if (order.fulfilmentStatus === "partially-shipped") return ORDER_CHANGE_MESSAGES.shippedCannotWait;
  return undefined;
}

/** Who changes it: `waitsForOwner` for a requester of the order's company, whose change waits for an owner. */
export interface OrderChanger {
  waitsForOwner: boolean;
}

/**
 * Why this order cannot change now, or undefined: not cancelled or refunded, not shipped whole (one shipped in part,
 * or invoiced in part on account, changes its lines still to ship: decision 079); a card order paid or owing a
 * difference changes, its money moving with it; except by a requester, whose change would wait for an owner (an
 * order paid, or shipped in part, cannot wait). Which lines may change is the server's (a line with pieces shipped
 * stays). The server refuses a change by it; the order answer offers "Change order" by it.
 */
export function orderChangeRefusal(order: OrderToChange, by?: OrderChanger): string | undefined {
  const { fulfilmentStatus, paymentStatus, paymentMethod } = order;
  if (fulfilmentStatus === "cancelled" || paymentStatus === "refunded") {
    return ORDER_CHANGE_MESSAGES.closed(statusInWords(order.status));
  }
  if (!CHANGES_WITH_FULFILMENT.includes(fulfilmentStatus)) return ORDER_CHANGE_MESSAGES.shipped;
  const changes: readonly PaymentStatus[] = CHANGES_WITH_PAYMENT[paymentMethod];
  if (!changes.includes(paymentStatus)) return ORDER_CHANGE_MESSAGES.settled;
  return by?.waitsForOwner ? changeCannotWait(order) : undefined;
}
