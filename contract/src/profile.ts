import { z } from "zod";
import { emailField } from "./account.js";
import { imageField } from "./image.js";
import { MAX_LENGTH } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { addressField } from "./ordering-fields.js";
import { requiredText } from "./text-field.js";

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  fburl: z.string(),
  address: z.string(),
  image: z.string(),
});

/** POST /api/profile upserts the caller's profile; the email is the account's and cannot change. */
export const profileBodySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, "Name", MAX_LENGTH.personName),
  email: emailField().optional(),
  phone: z
    .string({ error: "Phone is Required" })
    .trim()
    .min(1, { error: "Phone is Required", abort: true })
    .regex(/^[0-9]{7,15}$/, { error: "Phone must be 7 to 15 digits" }),
  fburl: z
    .string({ error: MESSAGES.facebookRequired })
    .trim()
    .min(1, { error: MESSAGES.facebookRequired, abort: true })
    .max(MAX_LENGTH.facebookUrl, { error: `Facebook URL must be ${MAX_LENGTH.facebookUrl} characters or fewer` })
    .regex(/^https:\/\/(www\.|m\.)?(facebook|fb)\.com\/[^\s\p{Cc}]+$/iu, {
      error: "Provide a Facebook URL, like https://facebook.com/yourname",
    }),
  address: addressField,
  image: imageField(),
});

export type Profile = z.infer<typeof profileSchema>;
export type ProfileBody = z.infer<typeof profileBodySchema>;
