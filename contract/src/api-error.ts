import { z } from "zod";

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** The body of every 4xx/5xx answer from the API. `errors` lists the rejected fields of a 400. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
