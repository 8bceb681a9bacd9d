import { z } from "zod";
import { cartSchema } from "./pricing.js";
import { CART_IMPORT_LIMITS } from "./quick-order-terms.js";

/**
 * Quick order and reorder (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'): rows of SKU and
 * quantity into the cart, each reported by row. A paste box and a CSV file both send text (`{ text }` as JSON, or the
 * file itself as `text/csv`). The bounds are in quick-order-terms.ts (no zod there, for the page).
 *
 * POST /api/cart/import as JSON: the rows as a spreadsheet copies them, or a CSV file's text.
 */
export const cartImportBodySchema = z.object({
  text: z.string({ error: "Send the rows as text" }).max(CART_IMPORT_LIMITS.textChars, {
    error: `The file is larger than ${CART_IMPORT_LIMITS.textChars / 1024} KB: send at most ${CART_IMPORT_LIMITS.rows} rows`,
  }),
});

export const CART_FILL_STATUSES = ["added", "error"] as const;

/**
 * What became of one row: `row` is the file's line (1 for the first), or the line's position in a reorder.
 * A SKU on several rows of a file is one line of the cart, answered once at its first row.
 */
export const cartFillRowSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  /** The pieces the row asked for (all of a repeated SKU's rows together); null when they could not be read. */
  quantity: z.number().int().nullable(),
  status: z.enum(CART_FILL_STATUSES),
  message: z.string(),
  /** Only for a SKU on several rows: how many rows were summed, and the first of them (at most `rowsNamed`). */
  summed: z
    .object({ count: z.number().int(), rows: z.array(z.number().int()).max(CART_IMPORT_LIMITS.rowsNamed) })
    .optional(),
});

/** The answer of an import or a reorder: a report row each, and the cart as it is now. */
export const cartFillAnswerSchema = z.object({ report: z.array(cartFillRowSchema), cart: cartSchema });

export type CartImportBody = z.infer<typeof cartImportBodySchema>;
export type CartFillRow = z.infer<typeof cartFillRowSchema>;
export type CartFillAnswer = z.infer<typeof cartFillAnswerSchema>;
