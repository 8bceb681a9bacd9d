import { formatPrice, type MoneyMovement, ORDER_EVENT_TITLES, type OrderEvent, onFirstUse } from "@forgeline/contract";
import type { PageOrder } from "./order";

/**
 * An order's two facts in the words a buyer uses (docs/decisions/062-order-money-words.md), the one wording of every
 * order page and list: where the goods are ("To ship", "Shipped") and where the money is ("Invoice when shipped,
 * net 30", "Paid in part", "Overdue 13 days"), never a lone "Unpaid" for an order that owes nothing yet. Each with
 * the tone of its badge. Its money, line by line ("Paid $5,000.00 by bank transfer ACME-TRF-7781 on 3 Dec"), and
 * what each history entry is called.
 */

/** The badge colours the pages have already (a new one would cost CSS on every dashboard page, decision 062). */
export type FactTone = "warning" | "info" | "accent" | "success" | "neutral";
export interface Fact {
  text: string;
  tone: FactTone;
}

const DAY_MS = 86_400_000;
const shortDay = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }),
);

/** A UTC day (YYYY-MM-DD, or an instant) as money lines write it: "3 Dec". */
export const moneyDayText = (day: string) => shortDay().format(new Date(day.length === 10 ? `${day}T00:00:00Z` : day));

type FactsOrder = Pick<
  PageOrder,
  "fulfilmentStatus" | "paymentStatus" | "paymentMethod" | "netDays" | "invoice" | "balance" | "overdue"
>;

/** Where the goods are. A card order is not shipped before it is paid, so it does not say "To ship" until then. */
export function deliveryFact(order: FactsOrder): Fact {
  switch (order.fulfilmentStatus) {
    case "awaiting-approval":
      return { text: "Awaiting approval", tone: "warning" };
    case "open":
      // A changed card order that owes its difference ships once that is paid too (decision 076).
      return order.paymentMethod === "card" && order.paymentStatus !== "paid"
        ? { text: "Ships once paid", tone: "neutral" }
        : { text: "To ship", tone: "info" };
    case "partially-shipped":
      // Changed after a part left, a card order owing its difference ships the rest once that is paid (decision 079).
      return order.paymentMethod === "card" && order.paymentStatus === "partially-paid"
        ? { text: "Shipped in part, the rest once paid", tone: "neutral" }
        : { text: "Shipped in part", tone: "info" };
    case "shipped":
      return { text: "Shipped", tone: "accent" };
    case "delivered":
      return { text: "Delivered", tone: "success" };
    case "cancelled":
      return { text: "Cancelled", tone: "neutral" };
  }
}

/**
 * Where the money is, as of `now`. A requester reading a colleague's order has neither its balance nor whether it is
 * overdue (decision 058): an invoice not paid reads its terms then, never a due day.
 */
export function moneyFact(order: FactsOrder, now = new Date()): Fact {
  switch (order.paymentStatus) {
    case "refunded":
      return { text: "Refunded", tone: "neutral" };
    case "partially-refunded":
      return {
        text: order.paymentMethod === "invoice" ? "Paid, part credited" : "Paid, part refunded",
        tone: "success",
      };
    case "paid":
      return { text: "Paid", tone: "success" };
    case "partially-paid": {
      // A card order changed to cost more than was paid owes the difference (decision 076).
      if (order.paymentMethod === "card") {
        const owed = order.balance === undefined ? "the difference" : formatPrice(order.balance);
        return { text: `Owes ${owed}`, tone: "warning" };
      }
      const overdue = overdueText(order, now);
      return overdue
        ? { text: `Paid in part, ${overdue.toLowerCase()}`, tone: "warning" }
        : { text: "Paid in part", tone: "info" };
    }
    case "unpaid":
      return unpaidFact(order, now);
  }
}

function unpaidFact(order: FactsOrder, now: Date): Fact {
  if (order.fulfilmentStatus === "cancelled") return { text: "Nothing to pay", tone: "neutral" };
  if (order.paymentMethod === "card") {
    return order.fulfilmentStatus === "awaiting-approval"
      ? { text: "Pay once approved", tone: "neutral" }
      : { text: "Awaiting payment", tone: "warning" };
  }
  const dueAt = order.invoice?.dueAt;
  if (!dueAt) return { text: `Invoice when shipped, net ${order.netDays}`, tone: "info" };
  if (order.balance === undefined) return { text: `Invoiced, net ${order.netDays}`, tone: "info" };
  const overdue = overdueText(order, now);
  return overdue ? { text: overdue, tone: "warning" } : { text: `Due ${moneyDayText(dueAt)}`, tone: "info" };
}

/** "Overdue 13 days" once the due day passed with a balance left; whole days, at least one. */
function overdueText(order: FactsOrder, now: Date): string | undefined {
  const dueAt = order.invoice?.dueAt;
  if (!order.overdue || !dueAt) return undefined;
  const days = Math.max(1, Math.floor((now.getTime() - Date.parse(dueAt)) / DAY_MS));
  return `Overdue ${days} ${days === 1 ? "day" : "days"}`;
}

const PAID_WITH_WORDS = {
  transfer: "by bank transfer",
  card: "by card",
  credit: "from the company's credit",
} as const;

/** One movement of money as its line says it. A transfer names its reference; a card payment's id is not for people. */
export function movementLine(movement: MoneyMovement): string {
  const amount = formatPrice(movement.amount);
  const day = moneyDayText(movement.day);
  switch (movement.kind) {
    case "credit-note":
      return `Credit note ${movement.reference ?? ""} ${amount}${movement.reason ? ` (${movement.reason})` : ""}`;
    case "refund":
      return `Refunded ${amount} to the card on ${day}`;
    case "payment": {
      const how = movement.method ? PAID_WITH_WORDS[movement.method] : "";
      const reference = movement.method === "transfer" && movement.reference ? ` ${movement.reference}` : "";
      return `Paid ${amount} ${how}${reference} on ${day}`;
    }
  }
}

/**
 * The money of an order as its pages list it: the total, every movement oldest first, then the balance. None for a
 * requester reading a colleague's order (no movements in the answer), nor before money moved or an invoice came.
 */
export function moneyLines(
  order: Pick<PageOrder, "total" | "moneyMovements" | "balance" | "invoice">,
): { total: string; movements: string[]; balance: string } | null {
  const movements = order.moneyMovements;
  if (!movements || order.balance === undefined) return null;
  if (movements.length === 0 && !order.invoice) return null;
  return {
    total: formatPrice(order.total),
    movements: movements.map(movementLine),
    balance: formatPrice(order.balance),
  };
}

/** What a history entry is called: what happened, not the status it left the order in. */
export const eventTitle = (event: Pick<OrderEvent, "kind">) => ORDER_EVENT_TITLES[event.kind];
