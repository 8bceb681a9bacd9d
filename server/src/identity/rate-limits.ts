import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { rateLimits } from "../db/schema.js";

export interface LimitRule {
  /** Hits allowed in one window before the key is locked. */
  max: number;
  windowMs: number;
  lockMs: number;
}

/**
 * 10 wrong passwords lock the account's password sign-in for 15 minutes. The window is five minutes, not
 * one: 10 guesses in a minute are caught either way, and so are guesses slowed down to dodge a short one.
 */
export const SIGN_IN_FAILURES: LimitRule = { max: 10, windowMs: 5 * 60_000, lockMs: 15 * 60_000 };
/** At most 3 reset mails per address in 15 minutes, so nobody floods a mailbox. */
export const RESET_MAILS: LimitRule = { max: 3, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Seconds until the key may be used again, or 0 when it is not locked. */
export async function lockedFor(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: rateLimits.lockedUntil })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const remaining = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/**
 * Counts one hit in a single statement (safe under concurrency and across instances): a hit after the
 * window restarts the count; reaching `max` within the window sets the lock.
 */
export async function recordHit(db: Database, key: string, rule: LimitRule): Promise<void> {
  const windowSeconds = rule.windowMs / 1000;
  const lockSeconds = rule.lockMs / 1000;
  await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStartedAt} end`,
        lockedUntil: sql`case when ${rateLimits.windowStartedAt} >= now() - make_interval(secs => ${windowSeconds}) and ${rateLimits.hits} + 1 >= ${rule.max} then now() + make_interval(secs => ${lockSeconds}) else ${rateLimits.lockedUntil} end`,
      },
    });
}

export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
