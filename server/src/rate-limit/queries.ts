import { eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { rateLimits } from "./tables.js";

export interface LimitRule {
  /** Attempts allowed in one window; the next one is refused and locks the key for `lockMs`. */
  max: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Counts one attempt and answers, in the same single statement, the seconds the key is locked for (0 when
 * this attempt may go ahead). Counting before checking means a burst of parallel attempts cannot all slip
 * past a count that none of them has written yet: the (max + 1)th attempt in a window is refused and
 * locks the key for `lockMs`.
 */
export async function consumeAttempt(db: Database, key: string, rule: LimitRule): Promise<number> {
  const windowSeconds = rule.windowMs / 1000;
  const lockSeconds = rule.lockMs / 1000;
  const windowOver = sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then now() else ${rateLimits.windowStartedAt} end`,
        lockedUntil: sql`case when not ${windowOver} and ${rateLimits.hits} + 1 > ${rule.max} and (${rateLimits.lockedUntil} is null or ${rateLimits.lockedUntil} < now()) then now() + make_interval(secs => ${lockSeconds}) else ${rateLimits.lockedUntil} end`,
      },
    })
    .returning({ lockedFor: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.lockedUntil} - now())))` });
  return Number(row?.lockedFor ?? 0);
}

export async function clearHits(db: Database, ...keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Forgets a key and every key under it (`key:…`), e.g. an account's sign-in counts from all addresses. */
export async function clearHitsUnder(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(or(eq(rateLimits.key, key), sql`starts_with(${rateLimits.key}, ${`${key}:`})`));
}
