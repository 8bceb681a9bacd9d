import { z } from "zod";
import { CATALOGUE_SORTS, type CatalogueQuery, SEARCH_MAX_LENGTH } from "./catalogue.js";
import { ORDER_MIN_QUANTITY } from "./constants.js";
import { imageField } from "./image.js";
import { MAX_LENGTH, maximumCount, maximumPrice, STOCK_MAX, UNIT_PRICE_MAX_CENTS } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { centsToDollars } from "./money.js";
import { pageQuerySchema } from "./paging.js";
import { requiredText } from "./text-field.js";

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Unit price in dollars. */
  price: z.number(),
  /** Pieces in stock. */
  quantity: z.number().int(),
  image: z.string(),
  description: z.string(),
});

export type Product = z.infer<typeof productSchema>;

/**
 * A number from a form or JSON (a number, or its text); an empty field is "required", not zero, and so is
 * anything else: coerced, true would be 1 and [] would be 0.
 */
function requiredNumber<T extends z.ZodType>(requiredMessage: string, rules: (number: z.ZodCoercedNumber) => T) {
  return z.preprocess(
    (value) => (typeof value === "number" || (typeof value === "string" && value !== "") ? value : undefined),
    rules(z.coerce.number({ error: requiredMessage })),
  );
}

/** POST /api/product (admins). The creator's email comes from the token. */
export const productBodySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, "Name", MAX_LENGTH.productName),
  /** Dollars per piece, capped so that a whole order fits the 32-bit cents of the database. */
  price: requiredNumber(MESSAGES.priceRequired, (number) =>
    number
      .positive({ error: "Price must be more than $0" })
      .max(centsToDollars(UNIT_PRICE_MAX_CENTS), { error: maximumPrice(UNIT_PRICE_MAX_CENTS) })
      .multipleOf(0.01, { error: "Price can have at most 2 decimals" }),
  ),
  /** Pieces in stock. */
  quantity: requiredNumber(MESSAGES.quantityRequired, (number) =>
    number
      .int({ error: "Quantity must be a whole number" })
      .min(ORDER_MIN_QUANTITY, { error: MESSAGES.quantityMinimum })
      .max(STOCK_MAX, { error: maximumCount(STOCK_MAX) }),
  ),
  description: requiredText(MESSAGES.descriptionRequired, "Description", MAX_LENGTH.productDescription),
  image: imageField(),
});

/** The fields of a product an admin edits (Add Product's rules, so both forms say the same). */
export const productEditSchema = productBodySchema.pick({ name: true, price: true, description: true, image: true });

/** Restock: the pieces in stock now, set (not added to); 0 marks a tool sold out. */
export const restockSchema = z.object({
  quantity: requiredNumber("Stock is Required", (number) =>
    number
      .int({ error: "Stock must be a whole number" })
      .min(0, { error: "Minimum 0" })
      .max(STOCK_MAX, { error: maximumCount(STOCK_MAX) }),
  ),
});

/** PATCH /api/product/{id} (admins): any of the edit fields and the stock; what is left out stays as it is. */
export const productPatchSchema = productEditSchema
  .extend(restockSchema.shape)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: "Send at least one of name, price, description, image, quantity",
  });

/**
 * GET /api/product: a page of the catalogue, optionally searched (`q`), sorted and filtered to what can be
 * ordered now (`inStock=1`). An empty `q` is no search.
 */
export const productListQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: `q must be ${SEARCH_MAX_LENGTH} characters or fewer` })
    // PostgreSQL text cannot hold NUL, so no product could match it.
    .regex(/^[^\0]*$/, { error: "q must not contain a NUL character" })
    .optional(),
  sort: z.enum(CATALOGUE_SORTS, { error: `sort must be one of ${CATALOGUE_SORTS.join(", ")}` }).optional(),
  inStock: z.enum(["1", "0"], { error: "inStock must be 1 or 0" }).optional(),
});

/** A checked GET /api/product query as the catalogue reads it: no empty search, the filter as a flag. */
export function catalogueQueryOf({ limit, offset, q, sort, inStock }: ProductListQuery): CatalogueQuery {
  return {
    limit,
    offset,
    ...(q ? { q } : {}),
    ...(sort ? { sort } : {}),
    ...(inStock === "1" ? { inStock: true } : {}),
  };
}

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export type ProductBody = z.infer<typeof productBodySchema>;
export type ProductEdit = z.infer<typeof productEditSchema>;
export type ProductEditInput = z.input<typeof productEditSchema>;
export type Restock = z.infer<typeof restockSchema>;
export type RestockInput = z.input<typeof restockSchema>;
export type ProductPatch = z.infer<typeof productPatchSchema>;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductInput = z.input<typeof productBodySchema>;
export type DeletedCount = z.infer<typeof deletedCountSchema>;
