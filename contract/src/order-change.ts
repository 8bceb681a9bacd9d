import { z } from "zod";
import { ORDER_CHANGE_MESSAGES } from "./order-change-terms.js";
import { wholeQuantityField } from "./ordering-fields.js";

/**
 * Changing an order after it is placed (docs/decisions/072-order-changes.md): the buyer sends
 * the order's whole new set of lines, previews what it costs, then applies it on the revision they read with the
 * total they saw. A line left out, or at quantity 0, is removed.
 */

/** The most lines one change may name: far above any order, so a body cannot make the server price thousands. */
export const ORDER_CHANGE_MAX_LINES = 200;

const changeLineSchema = z.object({
  productId: z.uuid({ error: "Not a valid product id" }),
  quantity: wholeQuantityField.min(0, { error: "Quantity must be 0 (to remove the line) or more" }),
});

/**
 * POST /api/ordering/{id}/changes/preview: the order's whole new set of lines. Each tool once; at least one line
 * keeps pieces (quantity 0 or a missing line removes it).
 */
export const orderChangeBodySchema = z.object({
  lines: z
    .array(changeLineSchema, { error: "lines is Required" })
    .max(ORDER_CHANGE_MAX_LINES, { error: `Maximum ${ORDER_CHANGE_MAX_LINES} lines` })
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) {
          context.addIssue({ code: "custom", path: [index, "productId"], message: ORDER_CHANGE_MESSAGES.twice });
        }
        seen.add(line.productId);
      });
      if (!lines.some((line) => line.quantity > 0)) {
        context.addIssue({ code: "custom", message: ORDER_CHANGE_MESSAGES.noLines });
      }
    }),
});

/** POST /api/ordering/{id}/changes: the lines, the revision they were read at, and the total the preview showed. */
export const orderChangeApplyBodySchema = orderChangeBodySchema.extend({
  revision: z.number({ error: "revision is Required" }).int({ error: "revision must be a whole number" }).min(0),
  expectedTotal: z.number({ error: "expectedTotal is Required" }).min(0).max(1e12),
});

/** What became of a line: as it was, its quantity changed, new, or taken out. */
export const LINE_CHANGES = ["kept", "changed", "added", "removed"] as const;

/** One line of a previewed change, its price before and after (dollars; null where it has none). */
export const changedLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  change: z.enum(LINE_CHANGES),
  oldQuantity: z.number().int(),
  quantity: z.number().int(),
  oldUnitPrice: z.number().nullable(),
  unitPrice: z.number().nullable(),
  oldTotal: z.number(),
  total: z.number(),
});

const orderTotalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
});

/**
 * What a change does with money already paid by card (dollars; docs/decisions/076-the-money-of-a-changed-order.md):
 * `owed`, what the order will owe beyond what was paid, paid from its page before it ships; `refunded`, what goes
 * back to the card once the change is made. Both 0 for an order nothing was paid of (a card order pays its new
 * total as before; on account, only the credit used moves).
 */
export const changeMoneySchema = z.object({
  owed: z.number(),
  refunded: z.number(),
});

/** The answer of a preview: nothing stored. `difference` is the new total less the old one. */
export const orderChangePreviewSchema = z.object({
  orderId: z.string(),
  revision: z.number().int(),
  lines: z.array(changedLineSchema),
  before: orderTotalsSchema,
  after: orderTotalsSchema,
  difference: z.number(),
  /** True when applying it would put the order back to wait for an owner (a requester's change, a limit passed). */
  waitsForApproval: z.boolean(),
  money: changeMoneySchema,
});

export type OrderChangeBody = z.infer<typeof orderChangeBodySchema>;
export type OrderChangeApplyBody = z.infer<typeof orderChangeApplyBodySchema>;
export type OrderChangePreview = z.infer<typeof orderChangePreviewSchema>;
export type ChangedLine = z.infer<typeof changedLineSchema>;
export type ChangeMoney = z.infer<typeof changeMoneySchema>;
export type LineChange = (typeof LINE_CHANGES)[number];
