/**
 * What the product card says about the bulk-order band and the stock. Part of MESSAGES, but kept in a
 * module of its own: MESSAGES is one object, so a page that reads any message bundles all of them, and
 * the catalogue pages (the home page among them) need only these two.
 */
export const BULK_ORDER_MESSAGES = {
  orderBand: "An order must be between 100 and 200 pieces.",
  lowStock: "Not enough stock for a bulk order right now. Please try again later.",
} as const;
