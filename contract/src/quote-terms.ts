/**
 * Requests for quote (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): a cart turned into a request, priced and sent by an
 * admin, accepted once. Their statuses, bounds and words without zod, so the pages read them without loading a schema
 * library; quote.ts holds the schemas.
 */
export const QUOTE_STATUSES = ["requested", "sent", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_LIMITS = {
  /** The buyer's note and the shop's note. */
  note: 2000,
  /** How far ahead a quote may hold, in days. */
  maxDaysValid: 365,
  /** The highest unit price an admin may quote, in dollars. */
  maxUnitPrice: 1_000_000,
} as const;

export const QUOTE_EXPIRED = "This quote has expired";
/** An accept that names another revision than the quote's now (the admin sent new prices meanwhile). */
export const QUOTE_REVISED = "This quote was revised since you opened it: check the new prices and accept again";

/**
 * What a person calls a quote (quotes have no number of their own): its first tool, and how many more. The
 * pages and the quote's PDF say it alike.
 */
export function quoteTitle(quote: { lines: readonly { name: string }[] }): string {
  const [first, ...rest] = quote.lines;
  return `${first?.name ?? "Quote"}${rest.length > 0 ? ` + ${rest.length} more` : ""}`;
}
