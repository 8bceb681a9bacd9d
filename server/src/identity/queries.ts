import { and, desc, eq, gt, inArray, lte, notInArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedOnce } from "../db/prepared.js";
import type { HoldableMailName } from "../mail/hold.js";
import { enqueueHoldableMail, enqueueHoldableMails, holdableMailInsert } from "../mail/queries.js";
import type { MailData } from "../mail/templates/index.js";
import { authAccounts, authSessions, authUsers, deviceCookieIds } from "./tables.js";

// What the rest of the shop reads and writes of the identity provider's accounts, and the device cookies'
// ids (device_cookies, ours). Everything else in the auth_ tables is Better Auth's, which reaches them
// through its adapter (auth.ts).

/** The account with this address: its name and whether its owner confirmed the address; none without one. */
export async function findAccount(
  db: Database,
  email: string,
): Promise<{ name: string; verified: boolean } | undefined> {
  const [account] = await accountQuery(db).execute({ email });
  return account;
}

const accountQuery = preparedOnce((db) =>
  db
    .select({ name: authUsers.name, verified: authUsers.emailVerified })
    .from(authUsers)
    .where(eq(authUsers.email, sql.placeholder("email")))
    .prepare("account_by_email"),
);

/**
 * The account's name: the identity provider's user name, set at sign-up and changed with the profile.
 * Orders and reviews show this, never a name the request body brings. Empty when the account has none.
 */
export async function accountName(db: Database, email: string): Promise<string> {
  return (await findAccount(db, email))?.name.trim() ?? "";
}

/** Renames the account (in the caller's transaction when the profile is saved with it). */
export async function renameAccount(db: Database, email: string, name: string): Promise<void> {
  await db.update(authUsers).set({ name, updatedAt: sql`now()` }).where(eq(authUsers.email, email));
}

/**
 * A subquery that finds a row while the identity session is live (not ended by sign-out, password reset or
 * expiry) and belongs to the account with this address: for `exists()` inside the caller's own query, so
 * checking a token stays one indexed query.
 */
export function liveSession(db: Database, sessionId: string | Placeholder, email: string | Placeholder) {
  return db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), gt(authSessions.expiresAt, sql`now()`), eq(authUsers.email, email)));
}

/** The names of these accounts, by address (one query for all); an address without an account is absent. */
export async function accountNames(db: Database, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(inArray(authUsers.email, [...emails]));
  return new Map(rows.map((row) => [row.email, row.name.trim()]));
}

/**
 * Records a device cookie's id for the account (or moves a returning browser's expiry on), and forgets the
 * account's expired ones and all but its `keep` newest: the rows stay bounded however often cookies are cleared.
 */
export async function recordDevice(
  db: Database,
  { email, device, expiresAt }: { email: string; device: string; expiresAt: Date },
  keep: number,
): Promise<void> {
  await db
    .insert(deviceCookieIds)
    .values({ id: device, email, expiresAt })
    .onConflictDoUpdate({ target: deviceCookieIds.id, set: { expiresAt }, where: eq(deviceCookieIds.email, email) });
  const newest = db
    .select({ id: deviceCookieIds.id })
    .from(deviceCookieIds)
    .where(eq(deviceCookieIds.email, email))
    .orderBy(desc(deviceCookieIds.expiresAt))
    .limit(keep);
  await db
    .delete(deviceCookieIds)
    .where(
      and(
        eq(deviceCookieIds.email, email),
        or(lte(deviceCookieIds.expiresAt, sql`now()`), notInArray(deviceCookieIds.id, newest)),
      ),
    );
}

/** Whether this device cookie id is recorded, unexpired, for the account. */
export async function isDeviceRecorded(db: Database, email: string, device: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deviceCookieIds.id })
    .from(deviceCookieIds)
    .where(
      and(eq(deviceCookieIds.id, device), eq(deviceCookieIds.email, email), gt(deviceCookieIds.expiresAt, sql`now()`)),
    );
  return row !== undefined;
}

/** Retires every device cookie of the account (its password was reset): none of them passes the lock again. */
export async function forgetDevices(db: Database, email: string): Promise<void> {
  await db.delete(deviceCookieIds).where(eq(deviceCookieIds.email, email.toLowerCase()));
}

/** Whether `to` is the address of an account whose owner has not confirmed it, read FOR SHARE (below). */
const unconfirmedAccountAt = (to: string | SQL) => sql`exists (
  select 1 from ${authUsers} where ${authUsers.email} = ${to} and not ${authUsers.emailVerified} for share
)`;

/**
 * Puts a mail to `to` in the outbox, held while `to` is the address of an account whose owner has not
 * confirmed it (docs/decisions/028-mail-held-until-confirmed.md); the confirmation releases it (auth.ts).
 * Every mail but the account's own (mail/hold.ts `IdentityMailName`) goes through here.
 *
 * FOR SHARE makes the check and the confirmation take turns: a confirmation under way waits for this mail's
 * transaction, then releases the mail; a mail written after it finds the address confirmed. Without it a
 * mail could be held just after its address was released, and wait for a confirmation that already came.
 */
export async function enqueueAccountMail<Name extends HoldableMailName>(
  db: Database,
  to: string,
  template: Name,
  data: MailData<Name>,
): Promise<void> {
  await enqueueHoldableMail(db, to, template, data, unconfirmedAccountAt(to));
}

/** `enqueueAccountMail` as an insert, for a statement of the change that causes it (its data SQL of that statement). */
export function accountMailInsert<Name extends HoldableMailName>(
  db: Database,
  to: string | SQL,
  template: Name,
  data: SQL,
) {
  return holdableMailInsert(db, to, template, data, unconfirmedAccountAt(to));
}

/** `enqueueAccountMail` for many mails of one template at once, each held as it would be alone. */
export async function enqueueAccountMails<Name extends HoldableMailName>(
  db: Database,
  template: Name,
  mails: readonly { to: string; data: MailData<Name> }[],
): Promise<void> {
  await enqueueHoldableMails(db, template, mails, unconfirmedAccountAt);
}

/**
 * The costs the stored password hashes were made at (identity/password-hash.ts): untagged ones are Better Auth's
 * own, at the default cost. One row per cost, however many accounts.
 */
export async function storedPasswordCosts(db: Database, defaultCost: number): Promise<number[]> {
  const cost = sql<number>`case when ${authAccounts.password} like 'scrypt$%'
    then split_part(${authAccounts.password}, '$', 2)::int else ${defaultCost}::int end`;
  const rows = await db.selectDistinct({ cost }).from(authAccounts).where(sql`${authAccounts.password} is not null`);
  return rows.map((row) => Number(row.cost));
}
