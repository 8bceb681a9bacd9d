import { z } from "zod";
import { backordersInputSchema, backordersSchema } from "./backorders.js";
import { CATALOGUE_SORTS, type CatalogueQuery, SEARCH_MAX_LENGTH } from "./catalogue.js";
import { ORDER_MIN_QUANTITY } from "./constants.js";
import { imageField } from "./image.js";
import { MAX_LENGTH, maximumCount, maximumPrice, STOCK_MAX, UNIT_PRICE_MAX_CENTS } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { centsToDollars } from "./money.js";
import { pageQuerySchema } from "./paging.js";
import { atLeastOneCentMessage, isAtLeastOneCent } from "./positive-amount.js";
import { DEFAULT_QUANTITY_RULE, MAX_TIERS, type QuantityRule, RULE_MAX_PIECES } from "./quantity-rule.js";
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
  /** Unique, upper-case: FL-DRL-20V. */
  sku: z.string(),
  /** How many pieces one order line may hold. */
  quantityRule: z.object({ min: z.number().int(), max: z.number().int(), step: z.number().int() }),
  /** Volume prices, lowest quantity first. */
  tiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
  /**
   * The stock below which the tool counts as low in the admin's overview and mail; null: the default, twice
   * the rule's `min` (lowStockThresholdOf). Always sent by the server; optional in the type so pages and
   * fixtures that build a Product need not name it.
   */
  lowStockThreshold: z.number().int().nullable().optional(),
  /**
   * Whether an order may take more than is available, and when the rest is expected (docs/STOCK.md,
   * 'Backorders'). Always sent by the server; optional in the type as `lowStockThreshold` is.
   */
  backorders: backordersSchema.optional(),
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

export const SKU_PATTERN = /^[A-Z0-9-]{3,32}$/;
/** A SKU as typed, in any case; stored and compared upper-case. */
export const skuField = z
  .string({ error: "SKU must be text" })
  .trim()
  .transform((sku) => sku.toUpperCase())
  .refine((sku) => SKU_PATTERN.test(sku), { error: "SKU: 3 to 32 letters, digits or -" });

const ruleNumber = (label: string) =>
  z
    .number({ error: `${label} is Required` })
    .int({ error: `${label} must be a whole number` })
    .min(1, { error: `${label}: minimum 1` })
    .max(RULE_MAX_PIECES, { error: `${label}: ${maximumCount(RULE_MAX_PIECES)}` });

export const quantityRuleSchema = z.object({
  min: ruleNumber("Minimum pieces"),
  max: ruleNumber("Maximum pieces"),
  step: ruleNumber("Step"),
});

/** A price more than $0 comes to a cent at least; one at or below $0 has its own message already. */
const noneOrACent = (price: number) => price <= 0 || isAtLeastOneCent(price);

const tierPrice = z
  .number({ error: "Tier price is Required" })
  .positive({ error: "Tier price must be more than $0" })
  .max(centsToDollars(UNIT_PRICE_MAX_CENTS), { error: maximumPrice(UNIT_PRICE_MAX_CENTS) })
  .multipleOf(0.01, { error: "Tier price can have at most 2 decimals" })
  .refine(noneOrACent, { error: atLeastOneCentMessage("Tier price") });

export const tiersSchema = z
  .array(z.object({ minQuantity: ruleNumber("Tier quantity"), unitPrice: tierPrice }))
  .max(MAX_TIERS, { error: `At most ${MAX_TIERS} tiers` });

/** A problem of a product's selling terms, by field, as a 400 names it. */
export interface TermsProblem {
  field: string;
  message: string;
}

/**
 * What must hold between a product's price, rule and tiers (docs/SELLING-TO-BUSINESSES.md, 'SKU, quantity rule and
 * volume tiers'): `max >= min`, whole steps from min to max, tiers rising inside the rule, their prices falling and
 * below the price. One function for Add Product (in its schema) and an edit (on the server, against what is stored).
 */
export function sellingTermsProblems(terms: {
  price: number;
  quantityRule: QuantityRule;
  tiers: readonly { minQuantity: number; unitPrice: number }[];
}): TermsProblem[] {
  const { min, max, step } = terms.quantityRule;
  const problems: TermsProblem[] = [];
  if (max < min) problems.push({ field: "quantityRule.max", message: "Maximum pieces must be at least the minimum" });
  else if ((max - min) % step !== 0)
    problems.push({ field: "quantityRule.step", message: "The steps must lead from the minimum to the maximum" });
  terms.tiers.forEach((tier, index) => {
    const before = terms.tiers[index - 1];
    if (tier.minQuantity < min || tier.minQuantity > max)
      problems.push({ field: `tiers.${index}.minQuantity`, message: `A tier starts between ${min} and ${max} pieces` });
    else if (before && tier.minQuantity <= before.minQuantity)
      problems.push({
        field: `tiers.${index}.minQuantity`,
        message: "Each tier starts at more pieces than the one before",
      });
    if (tier.unitPrice >= terms.price)
      problems.push({ field: `tiers.${index}.unitPrice`, message: "A tier price is below the product's price" });
    else if (before && tier.unitPrice >= before.unitPrice)
      problems.push({ field: `tiers.${index}.unitPrice`, message: "Each tier's price is below the one before" });
  });
  return problems;
}

function addTermsProblems(
  terms: Parameters<typeof sellingTermsProblems>[0],
  context: { addIssue(issue: { code: "custom"; message: string; path: (string | number)[] }): void },
) {
  for (const problem of sellingTermsProblems(terms)) {
    context.addIssue({
      code: "custom",
      message: problem.message,
      path: problem.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    });
  }
}

/** POST /api/product (admins). The creator's email comes from the token. */
export const productBodySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, "Name", MAX_LENGTH.productName),
  /** Dollars per piece, capped so that a whole order fits the 32-bit cents of the database. */
  price: requiredNumber(MESSAGES.priceRequired, (number) =>
    number
      .positive({ error: "Price must be more than $0" })
      .max(centsToDollars(UNIT_PRICE_MAX_CENTS), { error: maximumPrice(UNIT_PRICE_MAX_CENTS) })
      .multipleOf(0.01, { error: "Price can have at most 2 decimals" })
      .refine(noneOrACent, { error: atLeastOneCentMessage("Price") }),
  ),
  /** Pieces in stock. */
  quantity: requiredNumber(MESSAGES.quantityRequired, (number) =>
    number
      .int({ error: "Quantity must be a whole number" })
      .min(ORDER_MIN_QUANTITY, { error: MESSAGES.quantityMinimum })
      .max(STOCK_MAX, { error: maximumCount(STOCK_MAX) }),
  ),
  description: requiredText(MESSAGES.descriptionRequired, "Description", MAX_LENGTH.productDescription, "many"),
  image: imageField(),
  /** Made from the name when left out (SPEC.md's POST /product has none). */
  sku: skuField.optional(),
  quantityRule: quantityRuleSchema.optional(),
  tiers: tiersSchema.optional(),
});

/** Add Product's body with its terms checked together. */
export const newProductSchema = productBodySchema.superRefine((body, context) =>
  addTermsProblems(
    { price: body.price, quantityRule: body.quantityRule ?? DEFAULT_QUANTITY_RULE, tiers: body.tiers ?? [] },
    context,
  ),
);

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

/** Manage Products' Restock: the count on hand it sets, and in which warehouse (docs/STOCK.md). */
export const restockInWarehouseSchema = restockSchema.extend({
  warehouseId: z.uuid({ error: "Choose a warehouse" }),
});

/** A tool's own low-stock threshold: a whole number of pieces from 0, or null for the default (twice the rule's min). */
export const lowStockThresholdField = z
  .number({ error: "Low-stock threshold must be a whole number or null" })
  .int({ error: "Low-stock threshold must be a whole number" })
  .min(0, { error: "Low-stock threshold: minimum 0" })
  .max(STOCK_MAX, { error: `Low-stock threshold: ${maximumCount(STOCK_MAX)}` })
  .nullable();

/**
 * PATCH /api/product/{id} (admins): any of the edit fields, the selling terms, the stock and its low-stock threshold; what is left
 * out stays as it is. The terms are checked together with what is stored, on the server.
 */
export const productPatchSchema = productEditSchema
  .extend(restockSchema.shape)
  .extend({
    sku: skuField,
    quantityRule: quantityRuleSchema,
    tiers: tiersSchema,
    lowStockThreshold: lowStockThresholdField,
    backorders: backordersInputSchema,
    /** Which warehouse's count on hand `quantity` sets; the first when left out (docs/STOCK.md). */
    warehouseId: z.uuid({ error: "warehouseId must be a warehouse's id" }),
  })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error:
      "Send at least one of name, price, description, image, quantity, sku, quantityRule, tiers, lowStockThreshold, backorders",
  })
  .refine((patch) => patch.warehouseId === undefined || patch.quantity !== undefined, {
    error: "warehouseId says where quantity is counted: send quantity with it",
    path: ["warehouseId"],
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
export type RestockInWarehouse = z.infer<typeof restockInWarehouseSchema>;
export type RestockInWarehouseInput = z.input<typeof restockInWarehouseSchema>;
export type ProductPatch = z.infer<typeof productPatchSchema>;
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductInput = z.input<typeof productBodySchema>;
export type DeletedCount = z.infer<typeof deletedCountSchema>;
