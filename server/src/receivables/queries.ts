import type { ReminderStep } from "@forgeline/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { companyCredits, invoiceReminders, ledgerEntries, paymentsReceived } from "./tables.js";

/**
 * The ledger's rows and the balances kept beside it (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): the
 * use cases that write them (record-payment.ts, issue-credit-note.ts) add each entry and, in the same
 * transaction, what it moves to the balances (a company's credit here, an order's amount paid in ordering/),
 * under the company's money lock, so two payments at once never pay one balance twice.
 */

export async function lockCompanyMoney(tx: Database, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receivables:${companyId}`}))`);
}

export async function moveCredit(tx: Database, companyId: string, cents: number): Promise<void> {
  const add = sql`${companyCredits.creditCents} + ${cents}`;
  // Money put against an invoice comes from credit already received, so its row is there; money received may
  // be the company's first. (An insert's row is checked before its conflict: a negative one would be refused.)
  if (cents < 0)
    await tx.update(companyCredits).set({ creditCents: add }).where(eq(companyCredits.companyId, companyId));
  else {
    await tx
      .insert(companyCredits)
      .values({ companyId, creditCents: cents })
      .onConflictDoUpdate({ target: companyCredits.companyId, set: { creditCents: add } });
  }
}

/** The company's money received and not yet put against an invoice. */
export async function creditBalanceCents(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ creditCents: companyCredits.creditCents })
    .from(companyCredits)
    .where(eq(companyCredits.companyId, companyId));
  return row?.creditCents ?? 0;
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
