import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { idempotencyKeys } from "./tables.js";

/** How long a first answer is kept for its key: a repeat after that is a new request. */
export const KEPT_HOURS = 24;
/** No request runs this long (the server ends a silent connection after 3 minutes): an older one was lost. */
const LOST_AFTER_MINUTES = 10;

const expired = sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEPT_HOURS})`;

/** One request under its key: the account it came from, the key, and the instance running it. */
export interface KeyHold {
  account: string;
  key: string;
  owner: number;
}

/** The first answer, as it is sent again. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "other-request" }
  | { kind: "running" }
  | ({ kind: "answered" } & KeptAnswer);

const rowOf = (hold: Pick<KeyHold, "account" | "key">) =>
  and(eq(idempotencyKeys.account, hold.account), eq(idempotencyKeys.key, hold.key));

/**
 * Claims the key for this request, or says why not: the key's first request is still running (on an
 * instance that is alive), was another request, or was answered (the answer is returned). A key whose
 * first request's instance died before it answered is taken over, so the retry runs.
 */
export async function claimKey(
  db: Database,
  hold: KeyHold,
  fingerprint: string,
  instanceAlive: (owner: number) => Promise<boolean>,
): Promise<Claim> {
  // A key older than it is kept is claimed afresh, in the one statement that finds it.
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...hold, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.account, idempotencyKeys.key],
      set: { fingerprint, owner: hold.owner, status: null, headers: null, body: null, createdAt: sql`now()` },
      setWhere: expired,
    })
    .returning({ owner: idempotencyKeys.owner });
  if (claimed.length > 0) return { kind: "claimed" };
  const [row] = await db.select().from(idempotencyKeys).where(rowOf(hold));
  // The first request failed and let its key go between the two statements: this one may run.
  if (!row) return claimKey(db, hold, fingerprint, instanceAlive);
  if (row.fingerprint !== fingerprint) return { kind: "other-request" };
  if (row.status !== null)
    return { kind: "answered", status: row.status, headers: row.headers ?? {}, body: row.body ?? "" };
  if (row.owner === null || (await instanceAlive(row.owner))) return { kind: "running" };
  const taken = await db
    .update(idempotencyKeys)
    .set({ owner: hold.owner })
    .where(and(rowOf(hold), eq(idempotencyKeys.owner, row.owner), isNull(idempotencyKeys.status)))
    .returning({ owner: idempotencyKeys.owner });
  return taken.length > 0 ? { kind: "claimed" } : { kind: "running" };
}

/** Keeps the first answer for the key this request holds. */
export async function keepAnswer(db: Database, hold: KeyHold, answer: KeptAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, owner: null })
    .where(and(rowOf(hold), eq(idempotencyKeys.owner, hold.owner), isNull(idempotencyKeys.status)));
}

/** Lets the key go unanswered (the request failed), so that a retry runs again. */
export async function releaseKey(db: Database, hold: KeyHold): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(rowOf(hold), eq(idempotencyKeys.owner, hold.owner), isNull(idempotencyKeys.status)));
}

/** Deletes the keys past their 24 hours, and those whose request was lost without an answer; answers how many. */
export async function sweepKeys(db: Database): Promise<number> {
  const lost = sql`${idempotencyKeys.createdAt} < now() - make_interval(mins => ${LOST_AFTER_MINUTES})`;
  const swept = await db
    .delete(idempotencyKeys)
    .where(or(expired, and(isNull(idempotencyKeys.status), lost)))
    .returning({ key: idempotencyKeys.key });
  return swept.length;
}
