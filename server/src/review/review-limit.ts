import type { Database } from "../db/client.js";
import { consumeAttempt, type LimitRule } from "../rate-limit/queries.js";

export const REVIEWS_PER_HOUR = 5;

/** The lock lasts as long as the window, so the customer is told once when to come back, and it holds. */
const REVIEW_POSTS: LimitRule = { max: REVIEWS_PER_HOUR, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

/**
 * Counts one review by this account and answers the seconds it must wait, or 0 when it may post. The
 * count lives in the database, so every instance shares it, and it is taken before the review is stored,
 * so a burst of concurrent posts cannot slip past it.
 */
export function reviewWaitSeconds(db: Database, email: string): Promise<number> {
  return consumeAttempt(db, `review:${email}`, REVIEW_POSTS);
}
