import { z } from "zod";
import { PAGE_SIZE } from "./constants.js";

export function wholeNumber(field: string, min: number, max: number, fallback: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback);
}

/** `limit`/`offset` of every list call; the total comes back in the X-Total-Count header (TOTAL_COUNT_HEADER). */
export const pageQuerySchema = z.object({
  limit: wholeNumber("limit", 1, PAGE_SIZE.max, PAGE_SIZE.default),
  offset: wholeNumber("offset", 0, 1_000_000_000, 0),
});

export type PageQuery = z.infer<typeof pageQuerySchema>;
