import type { OrderFacts, PaymentMethod, PaymentStatus } from "./order-facts.js";
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
  // Ship and Ship part while a changed card order owes its difference (contract ORDER_TRANSITIONS `ship`).
  owesDifference: "This order was changed and owes the difference: it ships once paid.",
  invoiced: "This order was invoiced: its change comes later. Contact the shop.",
  shipped: "This order has left the warehouse, all or in part: it cannot be changed now.",
  closed: (status: string) => `A ${status} order cannot be changed.`,
} as const;

/** What decides whether an order's lines may change now. */
export interface OrderToChange extends OrderFacts {
  status: OrderStatus;
  invoiceNumber: string | null;
}

/**
 * Where the money may be when an order's lines change: a card order unpaid, paid, or owing the difference of an
 * earlier change (its money moves with the change: docs/decisions/076-the-money-of-a-changed-order.md); an order
 * on account before it is invoiced, when nothing has been paid of it.
 */
const CHANGES_WITH_PAYMENT = {
  card: ["unpaid", "paid", "partially-paid"],
  invoice: ["unpaid"],
} as const satisfies Record<PaymentMethod, readonly PaymentStatus[]>;

/** The payment statuses of a card order that holds money of the buyer's: a change of it cannot wait for an owner. */
const MONEY_IN: readonly PaymentStatus[] = ["paid", "partially-paid"];

/** Whether the shop holds money of this card order's: paid, or paid in part after a change. */
export const holdsMoney = (order: OrderFacts): boolean =>
  order.paymentMethod === "card" && MONEY_IN.includes(order.paymentStatus);

/** Whether this card order owes the difference of a change (it ships once that is paid). */
export const owesDifference = (order: OrderFacts): boolean =>
  order.paymentMethod === "card" && order.paymentStatus === "partially-paid" && order.fulfilmentStatus === "open";

/** Who changes it: `waitsForOwner` for a requester of the order's company, whose change waits for an owner. */
export interface OrderChanger {
  waitsForOwner: boolean;
}

/**
 * Why this order cannot change now, or undefined: not cancelled or refunded, nothing shipped, and on account not
 * invoiced; a card order paid or owing a difference changes, its money moving with it, except by a requester, whose
 * change would wait for an owner (a paid order cannot wait). The server refuses a change by it; the order answer
 * offers "Change order" by it.
 */
export function orderChangeRefusal(order: OrderToChange, by?: OrderChanger): string | undefined {
  const { fulfilmentStatus, paymentStatus, paymentMethod } = order;
  if (fulfilmentStatus === "cancelled" || paymentStatus === "refunded") {
    return ORDER_CHANGE_MESSAGES.closed(statusInWords(order.status));
  }
  if (fulfilmentStatus !== "open" && fulfilmentStatus !== "awaiting-approval") return ORDER_CHANGE_MESSAGES.shipped;
  const changes: readonly PaymentStatus[] = CHANGES_WITH_PAYMENT[paymentMethod];
  if (!changes.includes(paymentStatus) || (paymentMethod === "invoice" && order.invoiceNumber !== null)) {
    return ORDER_CHANGE_MESSAGES.invoiced;
  }
  if (by?.waitsForOwner && holdsMoney(order)) return ORDER_CHANGE_MESSAGES.paidCannotWait;
  return undefined;
}
