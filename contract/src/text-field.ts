import { z } from "zod";

/** A required text, trimmed, of at most `max` characters (see MAX_LENGTH). */
export function requiredText(requiredMessage: string, label: string, max: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: `${label} must be ${max} characters or fewer` });
}
