import { eq, type SQL, sql, type WithSubquery } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { invoiceCounters } from "../money-tables.js";
import { orders } from "../tables.js";

/**
 * Invoice numbers (INV-2026-000042): one counter a year, moved on in the transaction that issues the invoice, so the
 * numbers have no gaps (an invoice rolled back gives its number back). Its row is held from then to the commit: every
 * invoice of the year waits for it, so it is taken as late as a transaction can.
 */

/** The next number of this year's invoices; must run in the transaction that issues it. */
export async function nextInvoiceNumber(tx: Database): Promise<string> {
  const [counter] = await countInvoice(tx).returning({ number: invoiceNumberOf() });
  if (!counter) throw new Error("the invoice counter answered no row");
  return counter.number;
}

/**
 * The order's invoice numbered and issued now, in one statement with the counter. `alongside`: the rest of what
 * issuing it writes, made part of that statement and given the number as its SQL (a payment's sales and receipt:
 * while the counter is held, one round trip, not three).
 */
export async function numberInvoiceOf(
  tx: Database,
  orderId: string,
  alongside: (number: SQL) => WithSubquery[] = () => [],
): Promise<void> {
  const taken = tx.$with("taken").as(countInvoice(tx).returning({ number: invoiceNumberOf() }));
  const number = sql`(select ${taken.number} from ${taken})`;
  await tx
    .with(taken, ...alongside(number))
    .update(orders)
    .set({ invoiceNumber: number, invoiceIssuedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** This year's invoice counter moved on by one. */
const countInvoice = (tx: Database) =>
  tx
    .insert(invoiceCounters)
    .values({ year: new Date().getUTCFullYear(), last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } });

/** An invoice's number as printed: its year and its counter as the counting statement returns them. */
const invoiceNumberOf = () =>
  sql<string>`'INV-' || ${invoiceCounters.year} || '-' || lpad(${invoiceCounters.last}::text, 6, '0')`.as("number");
