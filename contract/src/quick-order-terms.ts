/**
 * The bounds of an import of rows (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder') without zod,
 * so the quick order page reads them without a schema library.
 */
export const CART_IMPORT_LIMITS = {
  /** The most characters (and, for a `text/csv` body, bytes) one import takes. */
  textChars: 256 * 1024,
  /** The most rows of SKU and quantity, a header row not counted. */
  rows: 500,
  /** How many of a repeated SKU's rows its report names: the answer stays small however often it repeats. */
  rowsNamed: 10,
} as const;
