/**
 * Where a line's unit price comes from (docs/SELLING-TO-BUSINESSES.md, 'One price function'), and how the pages name
 * it. No zod here: the cart and the order pages show it without loading a schema library (pricing.ts re-exports it with
 * its schemas).
 */
export const PRICE_SOURCES = ["list", "tier", "contract", "quote"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** How the pages name a price's source beside it. */
export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  list: "list price",
  tier: "volume price",
  contract: "your contract price",
  quote: "quoted price",
};

/** The longest PO number a checkout takes. */
export const PO_NUMBER_MAX = 35;
