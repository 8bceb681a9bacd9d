import { z } from "zod";
import { emailField } from "./account.js";

export const newsletterBodySchema = z.object({
  email: emailField().transform((email) => email.toLowerCase()),
});

export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
