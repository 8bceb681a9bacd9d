import { z } from "zod";
import { IMAGE_URL_PATTERN } from "./image-types.js";
import { MAX_LENGTH } from "./limits.js";

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
