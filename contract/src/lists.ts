import { z } from "zod";
import { lineQuantityField } from "./pricing.js";
import { skuField } from "./product.js";
import { cartFillRowSchema } from "./quick-order.js";
import { requiredText } from "./text-field.js";

/**
 * Saved lists (docs/RECURRING.md, 'Saved lists'): a name and lines of SKU and quantity, kept by one account,
 * private or shared with its company. Each line must name a tool for sale and keep to its quantity rule; a
 * line that does not is refused by itself, naming its field (`lines.2.sku`, `lines.0.quantity`).
 */
export const LIST_LIMITS = { name: 80, lines: 200 } as const;

export const listLineBodySchema = z.object({ sku: skuField, quantity: lineQuantityField });

export const listNameField = requiredText("Name the list", "A list's name", LIST_LIMITS.name);

const listLinesField = z
  .array(listLineBodySchema)
  .min(1, { error: "A list holds one line at least" })
  .max(LIST_LIMITS.lines, { error: `A list holds at most ${LIST_LIMITS.lines} lines` });

/** POST /api/lists. */
export const newListBodySchema = z.object({
  name: listNameField,
  /** Shared with the caller's company: its members see it and may put it in their carts. */
  shared: z.boolean({ error: "shared is true or false" }).optional().default(false),
  lines: listLinesField,
});

/** PATCH /api/lists/{id}: any of the fields; lines replace the list's lines. */
export const listChangeBodySchema = z.object({
  name: listNameField.optional(),
  shared: z.boolean({ error: "shared is true or false" }).optional(),
  lines: listLinesField.optional(),
});

export const listLineSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  /** The tool's name now; null when no tool has the SKU any more. */
  name: z.string().nullable(),
  productId: z.string().nullable(),
  /** Whether the tool is still for sale. */
  forSale: z.boolean(),
});

export const LIST_ACTIONS = ["update:list", "delete:list"] as const;

export const savedListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  shared: z.boolean(),
  userEmail: z.string(),
  companyId: z.string().nullable(),
  lines: z.array(listLineSchema),
  updatedAt: z.string(),
  /** What the caller may do to it besides reading it and putting it in their cart. */
  actions: z.array(z.enum(LIST_ACTIONS)),
});

/** POST /api/lists/{id}/import: a row each as quick order reports it, and the list as it is now. */
export const listImportAnswerSchema = z.object({ report: z.array(cartFillRowSchema), list: savedListSchema });

export type ListLineBody = z.infer<typeof listLineBodySchema>;
export type NewListBody = z.input<typeof newListBodySchema>;
export type ListChangeBody = z.infer<typeof listChangeBodySchema>;
export type SavedList = z.infer<typeof savedListSchema>;
export type ListImportAnswer = z.infer<typeof listImportAnswerSchema>;
