import type { LimitRule, Limits } from "../rate-limit/queries.js";

export const REVIEWS_PER_HOUR = 5;

/** The lock lasts as long as the window, so the customer is told once when to come back, and it holds. */
const REVIEW_POSTS: LimitRule = { max: REVIEWS_PER_HOUR, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

/**
 * Counts one review by this account and answers the seconds it must wait, or 0 when it may post. The
 * count is shared by every instance, and it is taken before the review is stored, so a burst of
 * concurrent posts cannot slip past it.
 */
export function reviewWaitSeconds(limits: Limits, email: string): Promise<number> {
  return limits.consume(`review:${email}`, REVIEW_POSTS);
}
