import { z } from "zod";
import { emailField } from "./account.js";

export const newsletterBodySchema = z.object({
  email: emailField().transform((email) => email.toLowerCase()),
});

/** The answer to a subscription: its message is the toast the subscriber sees. */
export const newsletterSubscribedSchema = z.object({ success: z.literal(true), message: z.string() });

export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
export type NewsletterSubscribed = z.infer<typeof newsletterSubscribedSchema>;
