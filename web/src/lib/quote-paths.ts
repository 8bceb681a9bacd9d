/**
 * The quote pages (docs/SELLING-TO-BUSINESSES.md, 'Quotes'), apart from config/paths.ts so the public pages do not
 * carry them. Both answer by role: a customer's own quotes, an admin's list of every quote and its pricing.
 */
export const quotePaths = {
  quotes: "/dashboard/quotes",
  quote: (quoteId: string) => `/dashboard/quotes/${encodeURIComponent(quoteId)}`,
} as const;
