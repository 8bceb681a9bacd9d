import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { mailOutbox } from "./tables.js";
import type { MailData, MailTemplateName } from "./templates/index.js";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Puts a mail in the outbox. Given the transaction of the change that causes it, the mail is kept
 * exactly when the change is: a rolled-back change sends nothing, a committed one is never without it.
 */
export async function enqueueMail<Name extends MailTemplateName>(
  db: Database,
  to: string,
  template: Name,
  data: MailData<Name>,
): Promise<void> {
  await db.insert(mailOutbox).values({ to, template, data });
}

/**
 * Takes up to `limit` mails that are due, for `leaseMs`: their next attempt moves past the lease, so no
 * other sender (another instance, or this one's next round) takes them meanwhile, and a sender that dies
 * while sending leaves them to be taken again when the lease ends. SKIP LOCKED lets senders of several
 * instances take different mails at the same moment instead of waiting on each other.
 */
export async function claimDueMails(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING keeps no order; a customer reads "placed" before "paid".
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function markMailSent(db: Database, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function retryMailLater(db: Database, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

/** The mails sent or waiting for one address, oldest first (what a test or an operator looks at). */
export function mailsTo(db: Database, to: string): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
}
