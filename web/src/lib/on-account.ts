import { formatPrice } from "@forgeline/contract";
import { dayText } from "./date-text";
import type { PageOrder } from "./order";

/** An instant's UTC day, as an invoice dates it: "Dec 26" ("Dec 26, 2026" when `long`). */
export const dueDayText = (iso: string, long = false) => dayText(iso.slice(0, 10), long);

type OnAccountOrder = Pick<
  PageOrder,
  "paymentMethod" | "netDays" | "invoice" | "balance" | "paymentStatus" | "overdue"
>;

/**
 * Where an order on account stands with its money (docs/BUYING-ON-ACCOUNT.md), in the one wording of every order
 * page and list: "On account (net 30)" until it ships with its invoice, then "On account, due Dec 26" while a
 * balance is owed, "On account, paid" once it is not; `overdue` when the due date passed with a balance left. Null
 * for a card order: its status says all. A colleague's order reaches a requester without its balance (decision 058):
 * it reads its terms, or paid or credited, never a due day nor overdue.
 */
export function onAccountTerm(order: OnAccountOrder): { text: string; overdue: boolean } | null {
  if (order.paymentMethod !== "invoice") return null;
  const dueAt = order.invoice?.dueAt;
  if (dueAt && order.balance !== undefined && order.balance > 0)
    return { text: `On account, due ${dueDayText(dueAt)}`, overdue: order.overdue === true };
  if (order.paymentStatus === "paid") return { text: "On account, paid", overdue: false };
  // Credit notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): the status says refunded; in part, nothing is owed.
  if (order.paymentStatus === "refunded") return { text: "On account, credited", overdue: false };
  if (order.paymentStatus === "partially-refunded") return { text: "On account, paid, part credited", overdue: false };
  return { text: `On account (net ${order.netDays})`, overdue: false };
}

type MoneyOrder = Pick<PageOrder, "paymentMethod" | "invoice" | "total" | "amountPaid" | "credited" | "balance">;

/**
 * What an invoiced order on account has seen of money, as its pages list it (the buyer's and the admin's): its
 * total, what was paid, what credit notes took off, and the balance left, each a line; none for a card order, nor
 * before its invoice (nothing is owed yet), nor to a requester reading a colleague's order (decision 058).
 */
export function moneyOnOrder(order: MoneyOrder): [label: string, amount: string][] {
  if (order.paymentMethod !== "invoice" || !order.invoice || order.balance === undefined) return [];
  return [
    ["Total", formatPrice(order.total)],
    ...(order.amountPaid ? [["Paid", formatPrice(order.amountPaid)] as [string, string]] : []),
    ...(order.credited ? [["Credited", formatPrice(order.credited)] as [string, string]] : []),
    ["Balance", formatPrice(order.balance)],
  ];
}
