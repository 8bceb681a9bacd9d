import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { HELD_MAIL_DAYS, type HoldableMailName, type IdentityMailName, stillRelevant } from "./hold.js";
import { mailOutbox } from "./tables.js";
import type { MailData, MailTemplateName } from "./templates/index.js";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The insert that puts a mail in the outbox: run, or made part of a statement of the change that causes it (its
 * `data` then may be SQL of that statement). Given the transaction of the change that causes it, the mail is kept
 * exactly when the change is: a rolled-back change sends nothing, a committed one is never without it.
 * `heldWhile`, read as the row is written, holds the mail (see hold.ts).
 */
function mailInsert(db: Database, to: string | SQL, template: MailTemplateName, data: unknown, heldWhile?: SQL) {
  return db.insert(mailOutbox).values({
    to,
    template,
    data,
    heldAt: heldWhile ? sql`case when ${heldWhile} then now() end` : null,
    // The moment of the write, not of its transaction's start: two changes of one order, made one after the
    // other under its lock, date their mails in that order, which is how the newest held mail is found.
    createdAt: sql`clock_timestamp()`,
  });
}

async function insertMail(db: Database, to: string, template: MailTemplateName, data: unknown, heldWhile?: SQL) {
  await mailInsert(db, to, template, data, heldWhile);
}

/** Puts a mail about the account itself in the outbox: it is never held (hold.ts `IdentityMailName`). */
export async function enqueueMail<Name extends IdentityMailName>(
  db: Database,
  to: string,
  template: Name,
  data: MailData<Name>,
): Promise<void> {
  await insertMail(db, to, template, data);
}

/**
 * Puts any other mail in the outbox, held while `heldWhile` is true as it is written: the identity folder's
 * `enqueueAccountMail` gives the condition (an account at `to` whose owner has not confirmed it).
 */
export async function enqueueHoldableMail<Name extends HoldableMailName>(
  db: Database,
  to: string,
  template: Name,
  data: MailData<Name>,
  heldWhile: SQL,
): Promise<void> {
  await insertMail(db, to, template, data, heldWhile);
}

/** `enqueueHoldableMail` as an insert for a statement of the change (its data SQL of that statement, or not). */
export function holdableMailInsert<Name extends HoldableMailName>(
  db: Database,
  to: string | SQL,
  template: Name,
  data: MailData<Name> | SQL,
  heldWhile: SQL,
) {
  return mailInsert(db, to, template, data, heldWhile);
}

/**
 * `enqueueHoldableMail` for many mails of one template in one statement (a receipt filling thousands of
 * backorders mails each buyer): the rows go over as one JSON document; `heldWhile` is given each row's address.
 */
export async function enqueueHoldableMails<Name extends HoldableMailName>(
  db: Database,
  template: Name,
  mails: readonly { to: string; data: MailData<Name> }[],
  heldWhile: (to: SQL) => SQL,
): Promise<void> {
  if (mails.length === 0) return;
  const to = sql`mail."to"`;
  await db.execute(sql`insert into ${mailOutbox} ("to", template, data, held_at, created_at)
    select ${to}, ${template}, mail.data, case when ${heldWhile(to)} then now() end, clock_timestamp()
    from jsonb_to_recordset(${JSON.stringify(mails)}::jsonb) as mail("to" text, data jsonb)`);
}

/**
 * Sends on what was held for an address its owner has just confirmed, and drops the rest (hold.ts
 * `stillRelevant`). Idempotent: a second call finds nothing held.
 */
export async function releaseHeldMails(db: Database, to: string, accountSince: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await tx
      .select({
        id: mailOutbox.id,
        template: mailOutbox.template,
        data: mailOutbox.data,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), isNotNull(mailOutbox.heldAt)))
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
      .for("update");
    if (held.length === 0) return;
    const release = [...stillRelevant(held, accountSince, new Date())];
    const ids = held.map((mail) => mail.id);
    if (release.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ heldAt: null, nextAttemptAt: sql`now()` })
        .where(inArray(mailOutbox.id, release));
    }
    await tx
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.id, ids), release.length > 0 ? notInArray(mailOutbox.id, release) : undefined));
  });
}

/** Drops what is held for this address (its account is gone: nobody will confirm it). */
export async function dropHeldMails(db: Database, to: string): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.to, to), isNotNull(mailOutbox.heldAt)));
}

/** Drops every held mail older than HELD_MAIL_DAYS: a confirmation would not send it any more. */
export async function dropStaleHeldMails(db: Database): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(
      and(
        isNotNull(mailOutbox.heldAt),
        lt(mailOutbox.createdAt, sql`now() - make_interval(days => ${HELD_MAIL_DAYS})`),
      ),
    );
}

/**
 * Takes the oldest mail that is due, for `leaseMs`, under a new lease token: its next attempt moves past
 * the lease, so no other sender (another instance, or this one's next round) takes it meanwhile, and a
 * sender that dies while sending leaves it to be taken again when the lease ends. One mail per lease, taken
 * just before it is sent, so a slow mail server cannot make the last of a batch outlive its lease. SKIP
 * LOCKED lets senders of several instances take different mails at the same moment.
 */
export async function claimNextMail(db: Database, leaseMs: number): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.heldAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      leaseToken: sql`gen_random_uuid()`,
    })
    // And on the row it takes: a held mail leaves by no path, whatever plan the subquery gets.
    .where(and(inArray(mailOutbox.id, due), isNull(mailOutbox.heldAt)))
    .returning();
  return claimed;
}

/** The lease a sender holds on a mail it claimed. */
type Lease = Pick<OutboxRow, "id" | "leaseToken">;
const held = (lease: Lease) =>
  and(eq(mailOutbox.id, lease.id), eq(mailOutbox.leaseToken, lease.leaseToken ?? ""), isNull(mailOutbox.sentAt));

/** What a sent mail keeps in place of a link or a link's token. */
export const LINK_REMOVED = "[link removed after sending]";
/** The fields of a mail's data that open something: confirmation, reset and invitation links, and tokens. */
const KEY_FIELDS = new Set(["link", "token"]);

/**
 * A mail's data without its links: once the mail is delivered the outbox has no use for them, and a
 * confirmation, reset or invitation link kept there would be a key to an account for whoever reads the
 * table or a backup of it.
 */
export function withoutLinks(data: unknown): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  return Object.fromEntries(
    Object.entries(data).map(([field, value]) => [field, KEY_FIELDS.has(field) ? LINK_REMOVED : value]),
  );
}

/**
 * Marks the mail sent if this sender still holds its lease, keeping its data without its links (in the same
 * statement, so no sent mail keeps one); answers whether it did.
 */
export async function markMailSent(db: Database, mail: Lease & Pick<OutboxRow, "data">): Promise<boolean> {
  const marked = await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null, leaseToken: null, data: withoutLinks(mail.data) })
    .where(held(mail))
    .returning({ id: mailOutbox.id });
  return marked.length > 0;
}

/** Puts the mail back for a later attempt if this sender still holds its lease. */
export async function retryMailLater(db: Database, lease: Lease, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
      leaseToken: null,
    })
    .where(held(lease));
}

/** The mails sent or waiting for one address, oldest first (what a test or an operator looks at). */
export function mailsTo(db: Database, to: string): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
}

/** How many mails wait to be sent, and the age in seconds of the oldest (for /metrics); held ones do not wait. */
export async function outboxBacklog(db: Database): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.heldAt)));
  return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) };
}
