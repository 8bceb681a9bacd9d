import { invoicedOwedCents, owedCents, type PaidWith } from "@forgeline/contract";
import type { Database } from "../../db/client.js";
import { payOnInvoice } from "./account-invoices.js";
import { type EventMoney, lockOrder, takeStep } from "./lifecycle.js";
import type { OrderRow } from "./orders.js";

/**
 * Money received on an order on account (docs/BUYING-ON-ACCOUNT.md), beside the credit notes of order-credit.ts: what
 * receivables/ puts against its invoices, in receivables' transaction.
 */

/**
 * Money put against invoices of an order on account (server/src/receivables/, in its transaction), paid with a
 * transfer, a card or the company's credit (`change.money`, for its history line): what was paid of each invoice and
 * of the order rises by its cents, and the order is paid in part, or paid when nothing of its total is left; its sales
 * count from the day it is paid, as a card order's do. Undefined when the order cannot take it (not invoiced that
 * much, closed); the caller checked each invoice owes its part.
 */
export async function receiveOnOrder(
  tx: Database,
  orderId: string,
  invoices: readonly { number: string; cents: number }[],
  change: { by: string; note: string; money: Omit<EventMoney, "cents"> & { paidWith: PaidWith } },
): Promise<OrderRow | undefined> {
  const cents = invoices.reduce((sum, invoice) => sum + invoice.cents, 0);
  const before = await lockOrder(tx, orderId);
  if (!before || cents <= 0 || cents > invoicedOwedCents(before)) return undefined;
  for (const invoice of invoices) await payOnInvoice(tx, invoice.number, invoice.cents);
  const paid = before.amountPaidCents + cents;
  const settles = cents === owedCents(before);
  const changed = await takeStep(tx, before, {
    by: change.by,
    note: change.note,
    money: { ...change.money, cents },
    transition: settles ? "settle" : "payPart",
    fields: { amountPaidCents: paid, ...(settles && { paidAt: new Date() }) },
  });
  return changed.kind === "changed" ? changed.after : undefined;
}
