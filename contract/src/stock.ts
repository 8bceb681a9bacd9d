import { z } from "zod";
import { MAX_LENGTH, maximumCount, STOCK_MAX, WAREHOUSE_CODE_PATTERN, WAREHOUSE_LIMITS } from "./limits.js";
import { requiredText } from "./text-field.js";

/**
 * Stock you can promise (docs/STOCK.md): the places a tool is kept, what each holds of it, and the ledger of
 * every movement of stock, from which the levels are kept.
 */

export const warehouseSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  /** An inactive warehouse receives nothing and gives nothing; only an empty one may be made so. */
  active: z.boolean(),
  createdAt: z.string(),
});

const warehouseFields = {
  code: z
    .string({ error: "Code is Required" })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => WAREHOUSE_CODE_PATTERN.test(code), { error: "Code: 2 to 16 letters, digits or -" }),
  name: requiredText("Name is Required", "Name", WAREHOUSE_LIMITS.nameMax),
  address: requiredText("Address is Required", "Address", MAX_LENGTH.address, "many"),
  active: z.boolean({ error: "active must be true or false" }),
};

/** POST /api/admin/warehouses. */
export const warehouseBodySchema = z.object({ ...warehouseFields, active: warehouseFields.active.default(true) });

/** PATCH /api/admin/warehouses/{id}: any of the fields. */
export const warehousePatchSchema = z
  .object(warehouseFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: "Send at least one of code, name, address, active",
  });

/**
 * How an order with pieces still to come leaves (docs/STOCK.md): `as-available` ships what is
 * there and the rest when it comes; `complete` waits and ships everything together.
 */
export const SHIPPING_PREFERENCES = ["as-available", "complete"] as const;
export type ShippingPreference = (typeof SHIPPING_PREFERENCES)[number];

/** Every kind of movement in the stock ledger. */
export const STOCK_MOVEMENT_KINDS = ["received", "allocated", "released", "shipped", "adjusted", "returned"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** The kinds an admin records by hand; the others follow orders. */
export const ADMIN_MOVEMENT_KINDS = ["received", "adjusted"] as const;

const pieces = z
  .number({ error: "quantity must be a number" })
  .int({ error: "quantity must be a whole number" })
  .min(0, { error: "quantity: minimum 0" })
  .max(STOCK_MAX, { error: `quantity: ${maximumCount(STOCK_MAX)}` });

/**
 * POST /api/admin/stock/movements: `received` adds `quantity` pieces (at least 1) to the warehouse's count on
 * hand; `adjusted` sets the count on hand to `quantity` (a recount), with its `reason`.
 */
export const stockMovementBodySchema = z
  .object({
    productId: z.uuid({ error: "productId must be a product's id" }),
    warehouseId: z.uuid({ error: "warehouseId must be a warehouse's id" }),
    quantity: pieces,
    kind: z.enum(ADMIN_MOVEMENT_KINDS, { error: `kind must be one of ${ADMIN_MOVEMENT_KINDS.join(", ")}` }),
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .max(WAREHOUSE_LIMITS.reasonMax, { error: `reason: at most ${WAREHOUSE_LIMITS.reasonMax} characters` })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.kind === "adjusted" && !body.reason) {
      context.addIssue({ code: "custom", path: ["reason"], message: "An adjustment needs a reason" });
    }
    if (body.kind === "received" && body.quantity < 1) {
      context.addIssue({ code: "custom", path: ["quantity"], message: "A receipt is of at least 1 piece" });
    }
  });

/** A tool's stock in one warehouse: available = on hand - allocated. */
export const stockLevelSchema = z.object({
  warehouseId: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  onHand: z.number().int(),
  allocated: z.number().int(),
  available: z.number().int(),
});

/** One row of the stock ledger. */
export const stockMovementSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  warehouseId: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** What the movement did to the count on hand and to what is allocated (signed). */
  onHandChange: z.number().int(),
  allocatedChange: z.number().int(),
  orderId: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});

/** What POST /api/admin/stock/movements answers: the movement written and the tool's levels now. */
export const stockMovementAnswerSchema = z.object({
  movement: stockMovementSchema.nullable(),
  levels: z.array(stockLevelSchema),
  /** The tool's stock as every page shows it: the sum available. */
  quantity: z.number().int(),
});

export const productStockParamsSchema = z.object({ productId: z.uuid({ error: "Not a valid id" }) });

export type Warehouse = z.infer<typeof warehouseSchema>;
export type WarehouseBody = z.infer<typeof warehouseBodySchema>;
export type WarehouseInput = z.input<typeof warehouseBodySchema>;
export type WarehousePatch = z.infer<typeof warehousePatchSchema>;
export type StockMovementBody = z.infer<typeof stockMovementBodySchema>;
export type StockLevel = z.infer<typeof stockLevelSchema>;
export type StockMovement = z.infer<typeof stockMovementSchema>;
export type StockAnswer = z.infer<typeof stockMovementAnswerSchema>;
