import { z } from "zod";
import { emailField } from "./account.js";
import { RATING_MAX, RATING_MIN } from "./constants.js";
import { imageField } from "./image.js";
import { MESSAGES } from "./messages.js";

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  description: z.string(),
  image: z.string(),
  createdAt: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

/** POST /api/review. The reviewer's email comes from the token. */
export const reviewBodySchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(100, { error: "Name must be 100 characters or fewer" }),
  rating: z.coerce
    .number({ error: MESSAGES.ratingRequired })
    .int({ error: MESSAGES.ratingRequired })
    .min(RATING_MIN, { error: MESSAGES.ratingRequired })
    .max(RATING_MAX, { error: MESSAGES.ratingMaximum }),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: MESSAGES.descriptionRequired })
    .max(1000, { error: "Description must be 1000 characters or fewer" }),
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
