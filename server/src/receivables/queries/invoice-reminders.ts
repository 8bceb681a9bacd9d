import type { ReminderStep } from "@forgeline/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { notClosed, orders, owedSql, owesSql } from "../../ordering/order-money.js";
import { invoiceReminders } from "../tables.js";

/**
 * The payment reminders of invoices on account (receivables/reminders.ts): which invoices are due one, and the
 * claim of each step by the one instance that sends it.
 */

/**
 * The invoices on account with money owed whose first reminder, `firstReminderDays` from the due date (−3:
 * three days before), is due by `now` (receivables/reminders.ts).
 */
export async function invoicesToRemind(db: Database, now: Date, firstReminderDays: number) {
  const rows = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      invoiceNumber: orders.invoiceNumber,
      dueAt: orders.invoiceDueAt,
      owedCents: sql<string>`${owedSql}`,
      userEmail: orders.userEmail,
      companyId: orders.companyId,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "invoice"),
        notClosed,
        owesSql,
        sql`${orders.invoiceDueAt} <= ${new Date(now.getTime() - firstReminderDays * 86_400_000)}`,
      ),
    )
    .orderBy(asc(orders.invoiceDueAt));
  return rows.flatMap(({ invoiceNumber, dueAt, companyId, ...row }) =>
    invoiceNumber && dueAt && companyId
      ? [{ ...row, invoiceNumber, dueAt, companyId, owedCents: Number(row.owedCents) }]
      : [],
  );
}

/**
 * Claims an invoice's reminder step for this instance (receivables/reminders.ts): true when this insert made
 * its row, so this transaction sends it; the steps passed unsent are recorded as skipped.
 */
export async function claimReminder(
  tx: Database,
  orderId: string,
  step: ReminderStep,
  passed: ReminderStep[],
): Promise<boolean> {
  const [claimed] = await tx
    .insert(invoiceReminders)
    .values({ orderId, step, sent: true })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return false;
  const skipped = passed.map((passedStep) => ({ orderId, step: passedStep, sent: false }));
  if (skipped.length > 0) await tx.insert(invoiceReminders).values(skipped).onConflictDoNothing();
  return true;
}
