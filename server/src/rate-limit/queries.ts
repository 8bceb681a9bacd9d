import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { rateLimits } from "./tables.js";

/**
 * Counters shared by every instance: in the database (this file), or in Redis when REDIS_URL is set
 * (redis.ts). Keys name what is counted, e.g. `sign-in:{email}:{address}`.
 */
export interface Limits {
  /**
   * Counts one call under `key` in a window of `windowMs` that starts with the first call: how many calls
   * so far in the window and the milliseconds until it ends (the per-address limits).
   */
  hit(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  /**
   * Counts one attempt and answers the seconds the key is locked for (0 when this attempt may go ahead).
   * Counting before checking means a burst of parallel attempts cannot all slip past a count that none
   * of them has written yet: the (max + 1)th attempt in a window is refused and locks the key for `lockMs`.
   */
  consume(key: string, rule: LimitRule): Promise<number>;
  clear(...keys: string[]): Promise<void>;
  /** Forgets a key and every key under it (`key:…`), e.g. an account's sign-in counts from all addresses. */
  clearUnder(key: string): Promise<void>;
}

export interface LimitRule {
  /** Attempts allowed in one window; the next one is refused and locks the key for `lockMs`. */
  max: number;
  windowMs: number;
  lockMs: number;
}

/** No window or lock lasts longer; a row older than this counts nothing. */
const PRUNE_AFTER = sql`interval '1 day'`;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The counters in the rate_limits table: one statement per count, so instances never race each other. */
export function databaseLimits(db: Database): Limits {
  // Every client address leaves a row behind; at most once an hour a count sweeps out the stale ones.
  let prunedAt = Date.now();
  async function pruneNow() {
    prunedAt = Date.now();
    await db
      .delete(rateLimits)
      .where(
        sql`${rateLimits.windowStartedAt} < now() - ${PRUNE_AFTER} and (${rateLimits.lockedUntil} is null or ${rateLimits.lockedUntil} < now())`,
      );
  }
  /**
   * One more call under `key`: a new window when the last one is over, else one more hit in it; `lock` adds
   * what the lock becomes, given whether the window was over.
   */
  function count(key: string, windowMs: number, lock?: (windowOver: SQL) => SQL) {
    const windowOver = sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000})`;
    return db
      .insert(rateLimits)
      .values({ key, hits: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${windowOver} then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then now() else ${rateLimits.windowStartedAt} end`,
          ...(lock && { lockedUntil: lock(windowOver) }),
        },
      });
  }

  return {
    async hit(key, windowMs) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) await pruneNow();
      const [row] = await count(key, windowMs).returning({
        count: rateLimits.hits,
        msLeft: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.windowStartedAt} + make_interval(secs => ${windowMs / 1000}) - now()) * 1000))`,
      });
      return { count: Number(row?.count ?? 1), msLeft: Number(row?.msLeft ?? windowMs) };
    },

    async consume(key, rule) {
      const lockSeconds = rule.lockMs / 1000;
      const [row] = await count(
        key,
        rule.windowMs,
        (windowOver) =>
          sql`case when not ${windowOver} and ${rateLimits.hits} + 1 > ${rule.max} and (${rateLimits.lockedUntil} is null or ${rateLimits.lockedUntil} < now()) then now() + make_interval(secs => ${lockSeconds}) else ${rateLimits.lockedUntil} end`,
      ).returning({
        lockedFor: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.lockedUntil} - now())))`,
      });
      return Number(row?.lockedFor ?? 0);
    },

    async clear(...keys) {
      await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },

    async clearUnder(key) {
      await db.delete(rateLimits).where(or(eq(rateLimits.key, key), sql`starts_with(${rateLimits.key}, ${`${key}:`})`));
    },
  };
}
