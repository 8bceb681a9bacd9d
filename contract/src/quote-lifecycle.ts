import { QUOTE_EXPIRED, type QuoteStatus } from "./quote-terms.js";
import { lifecycle, type Step } from "./state-machine.js";

export type QuoteActor = "buyer" | "admin" | "clock";

/**
 * The one quote state machine (docs/decisions/024-quick-order-and-quotes.md), like the order's
 * (order-lifecycle.ts): every move a request for quote can make, from which statuses, and who may make it.
 * The server's quote routes and the quote pages ask it; no other place lists these moves. No zod, for the
 * pages.
 */
export const QUOTE_TRANSITIONS = {
  /** An admin prices every line and sends it; sent again (an expired one too), the newest replaces the old. */
  send: { from: ["requested", "sent", "expired"], to: "sent", by: ["admin"], done: "sent" },
  /** The buyer places its one order at the quoted prices. */
  accept: { from: ["sent"], to: "accepted", by: ["buyer"], done: "accepted" },
  /** The buyer says no, priced or not. */
  decline: { from: ["requested", "sent"], to: "declined", by: ["buyer"], done: "declined" },
  /** Its expiry passes: a sent quote reads as expired from then on, whether or not a row says so. */
  expire: { from: ["sent"], to: "expired", by: ["clock"], done: "expired" },
} as const satisfies Record<string, Step<QuoteStatus, QuoteActor>>;

export type QuoteTransition = keyof typeof QUOTE_TRANSITIONS;

/**
 * Refused steps are said by the quote's status alone: each of these sentences tells the buyer (or the admin)
 * why, and what to do, better than a list of the statuses the step needs.
 */
export const QUOTE_LIFECYCLE = lifecycle<QuoteTransition, QuoteStatus, QuoteActor>(QUOTE_TRANSITIONS, {
  noun: "quote",
  status: (status) => status,
  explained: {
    requested: "This quote has no price yet: wait for our mail",
    accepted: "This quote has been accepted already",
    declined: "This quote was declined",
    expired: QUOTE_EXPIRED,
  },
});

/** The status a request for quote starts in, and keeps until an admin prices it (the overview counts those). */
export const NEW_QUOTE_STATUS = "requested" satisfies QuoteStatus;
