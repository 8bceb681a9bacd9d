import type { Role } from "@forgeline/contract";
import { and, asc, count, eq, exists, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedOnce } from "../db/prepared.js";
import { findAccount, liveSession } from "../identity/queries.js";
import type { VerifiedToken } from "./access-token.js";
import { users } from "./tables.js";

/** Makes sure the shop knows the account; a new one starts as a customer. Answers its role. */
export async function ensureUser(db: Database, email: string): Promise<Role> {
  await db.insert(users).values({ email }).onConflictDoNothing();
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return user?.role ?? "customer";
}

// Token issue times are whole seconds, so the cut-off is too: a token renewed right after a change passes.
const wholeSecondNow = sql`date_trunc('second', now())`;

export type MakeAdminResult = "made-admin" | "already-admin" | "no-account" | "unverified";

/**
 * Makes an existing account with a verified address an admin (the route, the CLI and the seed all come
 * here): a role is keyed by email, so an address nobody has proven to own must never receive it. The
 * account's access tokens issued before the change stop working; the browser fetches a new one.
 */
export async function makeAdmin(db: Database, email: string): Promise<MakeAdminResult> {
  const account = await findAccount(db, email);
  if (!account) return "no-account";
  if (!account.verified) return "unverified";
  const changed = await db
    .insert(users)
    .values({ email, role: "admin", tokensValidAfter: wholeSecondNow })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: "admin", tokensValidAfter: wholeSecondNow },
      setWhere: sql`${users.role} <> 'admin'`,
    })
    .returning({ id: users.id });
  return changed.length > 0 ? "made-admin" : "already-admin";
}

/**
 * The caller a verified token names, or null when its identity session has ended (sign-out, password
 * reset, expiry) or the token predates the account's last role change. One indexed query per call.
 */
export async function findTokenHolder(
  db: Database,
  token: VerifiedToken,
): Promise<{ email: string; role: Role } | null> {
  const [holder] = await tokenHolderQuery(db).execute({ email: token.email, sessionId: token.sessionId });
  if (!holder) return null;
  if (holder.tokensValidAfter && token.issuedAt * 1000 < holder.tokensValidAfter.getTime()) return null;
  return { email: holder.email, role: holder.role };
}

// Asked on every authenticated call.
const tokenHolderQuery = preparedOnce((db) => {
  const email = sql.placeholder("email");
  return db
    .select({ email: users.email, role: users.role, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(and(eq(users.email, email), exists(liveSession(db, sql.placeholder("sessionId"), email))))
    .prepare("token_holder");
});

export async function findRole(db: Database, email: string): Promise<Role | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return user?.role;
}

export async function listUsers(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users),
  ]);
  return {
    items: rows.map((row) => ({ _id: row.id, email: row.email, role: row.role })),
    total: total?.value ?? 0,
  };
}

/** Every admin's email, oldest account first (the daily low-stock mail goes to each). */
export async function adminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(({ email }) => email);
}
