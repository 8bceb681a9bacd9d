import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
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
 * The order's invoice numbered and issued now, as common table expressions of one statement with the counter (`taken`,
 * `numbered`) and `alongside` them the rest of what issuing it writes, given the number as SQL (a payment's sales and
 * receipt, written with its stock: pay-order.ts). For a statement prepared once: `year` and `orderId` are placeholders.
 */
export function invoiceNumbering(
  tx: Database,
  year: Placeholder,
  orderId: Placeholder,
  alongside: (number: SQL) => SQL,
): SQL {
  const counted = countInvoice(tx, year).returning({ number: invoiceNumberOf() });
  const numbered = tx
    .update(orders)
    .set({ invoiceNumber: sql`(select number from taken)`, invoiceIssuedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  // Their own SQL, not wrapped as a subquery: a data-modifying common table expression is the statement itself.
  return sql`taken as (${counted.getSQL()}), numbered as (${numbered.getSQL()}),
    ${alongside(sql`(select number from taken)`)}`;
}

/** This year's invoice counter moved on by one. */
const countInvoice = (tx: Database, year: number | Placeholder = new Date().getUTCFullYear()) =>
  tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } });

/** An invoice's number as printed: its year and its counter as the counting statement returns them. */
const invoiceNumberOf = () =>
  sql<string>`'INV-' || ${invoiceCounters.year} || '-' || lpad(${invoiceCounters.last}::text, 6, '0')`.as("number");
