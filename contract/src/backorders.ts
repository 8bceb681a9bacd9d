import { z } from "zod";
import { dayField, isoDay } from "./admin-stats.js";
import { SHIPPING_PREFERENCES } from "./stock.js";

/**
 * Backorders (docs/STOCK.md, 'Backorders'): a tool that accepts them sells above what is available; the pieces
 * not there wait on the order line (`waitingQuantity`) until a receipt fills them, oldest order first.
 */

/** The days a tool's lead time may be: a whole number from 1 to 365. */
export const BACKORDER_LEAD_DAYS = { min: 1, max: 365 } as const;

/** A tool's backorder settings as every product answer carries them. */
export const backordersSchema = z.object({
  /** Whether an order may take more than is available; the rest then waits for stock. */
  allowed: z.boolean(),
  /** The day (YYYY-MM-DD) more is expected, when the shop knows it. */
  expectedAt: z.string().nullable(),
  /** Else the days it usually takes to get more. */
  leadDays: z.number().int().nullable(),
});

export type Backorders = z.infer<typeof backordersSchema>;

export const NO_BACKORDERS: Backorders = { allowed: false, expectedAt: null, leadDays: null };

/** What an admin sends in a product's `backorders` (PATCH /api/product/{id}); a day in the past is refused. */
export const backordersInputSchema = z.object({
  allowed: z.boolean({ error: "backorders.allowed must be true or false" }),
  expectedAt: dayField("Expected date")
    .refine((day) => day >= isoDay(new Date()), { error: "Expected date must not be in the past" })
    .nullable()
    .optional(),
  leadDays: z
    .number({ error: "Lead time must be a whole number of days" })
    .int({ error: "Lead time must be a whole number of days" })
    .min(BACKORDER_LEAD_DAYS.min, { error: `Lead time: ${BACKORDER_LEAD_DAYS.min} to ${BACKORDER_LEAD_DAYS.max} days` })
    .max(BACKORDER_LEAD_DAYS.max, { error: `Lead time: ${BACKORDER_LEAD_DAYS.min} to ${BACKORDER_LEAD_DAYS.max} days` })
    .nullable()
    .optional(),
});

export type BackordersInput = z.infer<typeof backordersInputSchema>;

/** How the buyer wants an order with waiting pieces to leave: as they come (when not said), or all together. */
export const shippingField = z
  .enum(SHIPPING_PREFERENCES, { error: `shipping must be one of ${SHIPPING_PREFERENCES.join(", ")}` })
  .optional();

/** GET /api/admin/stock/backorders: one row per tool with pieces waiting, most waiting first. */
export const backorderWaitingSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  /** Pieces that orders wait for. */
  waiting: z.number().int(),
  /** Orders with at least one piece of it waiting. */
  orders: z.number().int(),
  /** The tool's expected day, or its lead time from today; null when the shop said neither. */
  expectedAt: z.string().nullable(),
});
export const backordersWaitingSchema = z.object({ tools: z.array(backorderWaitingSchema) });

export type BackorderWaiting = z.infer<typeof backorderWaitingSchema>;
export type BackordersWaiting = z.infer<typeof backordersWaitingSchema>;

/**
 * When the waiting pieces of a tool are expected: its day, else its lead time counted from `from`; undefined
 * when the shop said neither.
 */
export function expectedDayOf(backorders: Backorders, from = new Date()): string | undefined {
  if (backorders.expectedAt) return backorders.expectedAt;
  if (backorders.leadDays) return isoDay(new Date(from.getTime() + backorders.leadDays * 86_400_000));
  return undefined;
}
