import type { LimitRule } from "../rate-limit/queries.js";

/**
 * Sign-in attempts for one account from one address: the 11th within five minutes is refused and the
 * pair is locked for 15 minutes. Five minutes, not one: guesses slowed down to dodge a short window are
 * caught too. Keyed by account and address, so a stranger elsewhere cannot lock the owner out.
 */
export const SIGN_IN_ATTEMPTS: LimitRule = { max: 10, windowMs: 5 * 60_000, lockMs: 15 * 60_000 };
/** A softer cap on one account from all addresses together, against guessing spread over many addresses. */
export const ACCOUNT_SIGN_IN_ATTEMPTS: LimitRule = { max: 50, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };
/** At most 3 mails of one kind (reset, confirmation, "you already have an account") per address in 15 minutes. */
export const ACCOUNT_MAILS: LimitRule = { max: 3, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
