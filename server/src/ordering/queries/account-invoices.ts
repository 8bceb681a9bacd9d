import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accountInvoices } from "../money-tables.js";

/**
 * The invoices of orders on account (docs/decisions/077-invoices-per-shipment.md), written in the transactions that
 * move their money: issued as a shipment leaves (ship-order.ts), paid as money is put against them and credited by
 * credit notes (receivables/ through order-money.ts), each movement added to the figures kept, as an order's are.
 */

export type AccountInvoiceRow = typeof accountInvoices.$inferSelect;

/** Stores an invoice issued now (the transaction's `now()`, as the shipment's), due `netDays` of 24 hours later. */
export async function insertAccountInvoice(
  tx: Database,
  invoice: { number: string; orderId: string; companyId: string; totalCents: number; netDays: number },
): Promise<AccountInvoiceRow> {
  const { netDays, ...row } = invoice;
  const [created] = await tx
    .insert(accountInvoices)
    .values({
      ...row,
      issuedAt: sql`now()`,
      dueAt: sql`now() + make_interval(hours => ${24 * netDays})`,
    })
    .returning();
  if (!created) throw new Error("the invoice was not stored");
  return created;
}

/** An order's invoices on account, oldest first; with `lock`, locked for the money about to move on them. */
export function invoicesOfOrder(db: Database, orderId: string, lock = false): Promise<AccountInvoiceRow[]> {
  const query = db
    .select()
    .from(accountInvoices)
    .where(eq(accountInvoices.orderId, orderId))
    .orderBy(asc(accountInvoices.issuedAt), asc(accountInvoices.number));
  return lock ? query.for("update") : query;
}

/** The invoices of these orders, oldest first, by order (one query for all of them). */
export async function invoicesByOrder(db: Database, orderIds: string[]): Promise<Map<string, AccountInvoiceRow[]>> {
  const byOrder = new Map<string, AccountInvoiceRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(accountInvoices)
    .where(inArray(accountInvoices.orderId, orderIds))
    .orderBy(asc(accountInvoices.issuedAt), asc(accountInvoices.number));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/**
 * Adds money put against an invoice to what was paid of it, in the transaction that writes the ledger's entry (the
 * caller checked it owes that much; its check refuses more).
 */
export async function payOnInvoice(tx: Database, number: string, cents: number): Promise<AccountInvoiceRow> {
  const [row] = await tx
    .update(accountInvoices)
    .set({ paidCents: sql`${accountInvoices.paidCents} + ${cents}` })
    .where(eq(accountInvoices.number, number))
    .returning();
  if (!row) throw new Error(`invoice ${number} was not paid`);
  return row;
}

/**
 * Adds a credit note to what was credited of its invoice, and takes the money it gives back as the company's credit
 * off what was paid of it, as the order's figures move (order-credit.ts).
 */
export async function creditOnInvoice(tx: Database, number: string, cents: number, toCreditCents: number) {
  const [row] = await tx
    .update(accountInvoices)
    .set({
      creditedCents: sql`${accountInvoices.creditedCents} + ${cents}`,
      paidCents: sql`${accountInvoices.paidCents} - ${toCreditCents}`,
    })
    .where(eq(accountInvoices.number, number))
    .returning();
  if (!row) throw new Error(`invoice ${number} was not credited`);
  return row;
}
