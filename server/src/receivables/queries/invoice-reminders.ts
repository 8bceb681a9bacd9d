import type { ReminderStep } from "@forgeline/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { accountInvoices, invoiceOwedSql, invoiceOwing, orders } from "../../ordering/order-money.js";
import { invoiceReminders } from "../tables.js";

/**
 * The payment reminders of invoices on account (receivables/reminders.ts): which invoices are due one, and the
 * claim of each step by the one instance that sends it.
 */

/**
 * The invoices on account with money owed whose first reminder, `firstReminderDays` from the due date (−3:
 * three days before), is due by `now` (receivables/reminders.ts), each with what it owes (an order shipped in parts
 * has one per shipment, decision 077), its order's number and buyer.
 */
export async function invoicesToRemind(db: Database, now: Date, firstReminderDays: number) {
  const rows = await db
    .select({
      orderId: accountInvoices.orderId,
      number: orders.number,
      invoiceNumber: accountInvoices.number,
      dueAt: accountInvoices.dueAt,
      owedCents: sql<string>`${invoiceOwedSql}`,
      userEmail: orders.userEmail,
      companyId: accountInvoices.companyId,
    })
    .from(accountInvoices)
    .innerJoin(orders, eq(orders.id, accountInvoices.orderId))
    .where(
      and(invoiceOwing, sql`${accountInvoices.dueAt} <= ${new Date(now.getTime() - firstReminderDays * 86_400_000)}`),
    )
    .orderBy(asc(accountInvoices.dueAt), asc(accountInvoices.number));
  return rows.map((row) => ({ ...row, owedCents: Number(row.owedCents) }));
}

/**
 * Claims an invoice's reminder step for this instance (receivables/reminders.ts): true when this insert made
 * its row, so this transaction sends it; the steps passed unsent are recorded as skipped.
 */
export async function claimReminder(
  tx: Database,
  invoiceNumber: string,
  step: ReminderStep,
  passed: ReminderStep[],
): Promise<boolean> {
  const [claimed] = await tx
    .insert(invoiceReminders)
    .values({ invoiceNumber, step, sent: true })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return false;
  const skipped = passed.map((passedStep) => ({ invoiceNumber, step: passedStep, sent: false }));
  if (skipped.length > 0) await tx.insert(invoiceReminders).values(skipped).onConflictDoNothing();
  return true;
}
