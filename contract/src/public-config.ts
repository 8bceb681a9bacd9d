import { z } from "zod";

/** What the browser may know of the server's configuration (`GET /api/config`). */
export const publicConfigSchema = z.object({
  payments: z.enum(["test", "stripe"]),
  stripePublishableKey: z.string().nullable(),
  googleSignIn: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
