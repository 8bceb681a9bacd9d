import { z } from "zod";
import { PROMOTION_LIMITS } from "./limits.js";
import { requiredText } from "./text-field.js";

/**
 * A promotion (docs/SELLING-TO-BUSINESSES.md, 'One price function'): data that admins keep, shown on the banner while
 * active, applied by the price function to the orders it fits. At most one applies to an order: the one that saves
 * most.
 */
export const promotionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  percent: z.number().int(),
  /** Only for a buyer (or company) with no order that reached paid. */
  firstOrder: z.boolean(),
  /** Only for orders of at least this many pieces in all lines. */
  minPieces: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});

const dateTime = z.iso.datetime({ offset: true, error: "Give a date and time such as 2026-12-01T00:00:00Z" });

const promotionFields = {
  name: requiredText("Name is Required", "Name", PROMOTION_LIMITS.nameMax),
  percent: z
    .number({ error: "Percent is Required" })
    .int({ error: "Percent must be a whole number" })
    .min(PROMOTION_LIMITS.percentMin, { error: `Minimum ${PROMOTION_LIMITS.percentMin}` })
    .max(PROMOTION_LIMITS.percentMax, { error: `Maximum ${PROMOTION_LIMITS.percentMax}` }),
  firstOrder: z.boolean({ error: "firstOrder must be true or false" }),
  minPieces: z
    .number({ error: "Minimum pieces must be a number" })
    .int({ error: "Minimum pieces must be a whole number" })
    .min(1, { error: "Minimum 1" })
    .max(PROMOTION_LIMITS.minPiecesMax, { error: "Maximum 10,000,000" })
    .nullable(),
  startsAt: dateTime.nullable(),
  endsAt: dateTime.nullable(),
  active: z.boolean({ error: "active must be true or false" }),
};

const endsAfterStart = (value: { startsAt?: string | null | undefined; endsAt?: string | null | undefined }) =>
  !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt);
const ENDS_AFTER_START = { error: "The end must come after the start", path: ["endsAt"] };

/** POST /api/admin/promotions. */
export const promotionBodySchema = z
  .object({
    ...promotionFields,
    firstOrder: promotionFields.firstOrder.default(false),
    minPieces: promotionFields.minPieces.default(null),
    startsAt: promotionFields.startsAt.default(null),
    endsAt: promotionFields.endsAt.default(null),
    active: promotionFields.active.default(true),
  })
  .refine(endsAfterStart, ENDS_AFTER_START);

/** PATCH /api/admin/promotions/{id}: any of the fields; `active: false` ends it. */
export const promotionPatchSchema = z
  .object(promotionFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: "Send at least one field to change",
  })
  .refine(endsAfterStart, ENDS_AFTER_START);

export type Promotion = z.infer<typeof promotionSchema>;
export type PromotionBody = z.infer<typeof promotionBodySchema>;
export type PromotionInput = z.input<typeof promotionBodySchema>;
export type PromotionPatch = z.infer<typeof promotionPatchSchema>;
