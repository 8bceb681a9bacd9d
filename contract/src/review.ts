import { z } from "zod";
import { emailField } from "./account.js";
import { RATING_MAX, RATING_MIN } from "./constants.js";
import { imageField } from "./image.js";
import { MAX_LENGTH } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { requiredText } from "./text-field.js";

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  description: z.string(),
  image: z.string(),
  createdAt: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

/**
 * POST /api/review. The reviewer is the caller: the email comes from the token and the name shown is the
 * account's. A `name` in the body (docs/SPEC-CONFORMANCE.md §7 sends one) is dropped unread, like any unknown field.
 */
export const reviewBodySchema = z.object({
  rating: z.coerce
    .number({ error: MESSAGES.ratingRequired })
    .int({ error: MESSAGES.ratingRequired })
    .min(RATING_MIN, { error: MESSAGES.ratingRequired })
    .max(RATING_MAX, { error: MESSAGES.ratingMaximum }),
  description: requiredText(MESSAGES.descriptionRequired, "Description", MAX_LENGTH.reviewDescription, "many"),
  image: imageField(),
});

export const reviewListQuerySchema = z.object({
  email: emailField()
    .transform((email) => email.toLowerCase())
    .optional(),
});

export const insertedIdSchema = z.object({ insertedId: z.string() });

export type ReviewBody = z.infer<typeof reviewBodySchema>;
export type ReviewInput = z.input<typeof reviewBodySchema>;
export type InsertedId = z.infer<typeof insertedIdSchema>;
