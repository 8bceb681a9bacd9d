import { z } from "zod";
import { MAX_LENGTH } from "./limits.js";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** An image in our own store, as POST /api/image answers it. */
export const IMAGE_URL_PATTERN = /^\/images\/[A-Za-z0-9._-]+$/;

export function imageField(requiredMessage = "Image is Required") {
  const notOurs = "Upload the image with the image picker";
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(MAX_LENGTH.imageUrl, { error: notOurs, abort: true })
    .regex(IMAGE_URL_PATTERN, { error: notOurs });
}

/** imgbb's answer shape, which the original client read. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});

export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
