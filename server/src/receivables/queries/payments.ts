import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accountInvoices, invoiceOwedSql, invoiceOwing, orders } from "../../ordering/order-money.js";
import { ledgerEntries, paymentsReceived } from "../tables.js";

/**
 * The ledger's rows of money (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): the invoices that still owe,
 * the payments received, the entries. The use cases that write them (record-payment.ts, issue-credit-note.ts)
 * add each entry and, in the same transaction and under the company's money lock (credit-balance.ts), what it
 * moves to the balances kept beside the ledger: a company's credit, an order's amount paid (through ordering).
 */

/** An invoice on account with money still owed: what the ledger allocates money to. */
export interface OwingInvoice {
  invoiceNumber: string;
  orderId: string;
  /** The order's number. */
  number: number;
  owedCents: number;
}

/**
 * The company's invoices on account with money owed, oldest first (by invoice date, then number), locked for the
 * payment being recorded; only those of `only.orderIds`, or only `only.invoiceNumbers`, when given.
 */
export async function owingInvoices(
  tx: Database,
  companyId: string,
  only: { orderIds?: string[]; invoiceNumbers?: string[] } = {},
): Promise<OwingInvoice[]> {
  const rows = await tx
    .select({
      invoiceNumber: accountInvoices.number,
      orderId: accountInvoices.orderId,
      number: orders.number,
      owedCents: sql<string>`${invoiceOwedSql}`,
    })
    .from(accountInvoices)
    .innerJoin(orders, eq(orders.id, accountInvoices.orderId))
    .where(
      and(
        eq(accountInvoices.companyId, companyId),
        invoiceOwing,
        only.orderIds ? inArray(accountInvoices.orderId, only.orderIds) : undefined,
        only.invoiceNumbers ? inArray(accountInvoices.number, only.invoiceNumbers) : undefined,
      ),
    )
    .orderBy(asc(accountInvoices.issuedAt), asc(accountInvoices.number))
    .for("update", { of: accountInvoices });
  return rows.map((row) => ({ ...row, owedCents: Number(row.owedCents) }));
}

/** A payment received by transfer, stored once per company and reference: undefined when that reference was. */
export async function insertPaymentReceived(
  tx: Database,
  payment: { companyId: string; amountCents: number; receivedAt: string; reference: string; recordedBy: string },
): Promise<PaymentReceivedRow | undefined> {
  const [row] = await tx.insert(paymentsReceived).values(payment).onConflictDoNothing().returning();
  return row;
}

export type PaymentReceivedRow = typeof paymentsReceived.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Adds one entry to a company's ledger; the caller moves the balances kept beside it in the same transaction. */
export async function addLedgerEntry(tx: Database, entry: NewLedgerEntry): Promise<void> {
  await tx.insert(ledgerEntries).values(entry);
}

/** Whether this card payment (the provider's payment id) is in the order's ledger already. */
export async function cardPaymentRecorded(tx: Database, orderId: string, reference: string): Promise<boolean> {
  const [recorded] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.kind, "card-payment"),
        eq(ledgerEntries.reference, reference),
      ),
    );
  return recorded !== undefined;
}
