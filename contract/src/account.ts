import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./constants.js";
import { MESSAGES } from "./messages.js";
import { isEmail } from "./rules.js";

/** A required email: "Email is Required" when empty, "Provide a Valid Email" when malformed. */
export function emailField(requiredMessage: string = MESSAGES.emailRequired) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isEmail, { error: MESSAGES.emailInvalid });
}

export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(128, { error: "Must be 128 Characters Or Fewer" });

export const loginFormSchema = z.object({ email: emailField(), password: passwordField });

export const signupFormSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(100, { error: "Name must be 100 characters or fewer" }),
  email: emailField(),
  password: passwordField,
});

export const resetRequestFormSchema = z.object({ email: emailField(MESSAGES.resetEmailMissing) });
export const newPasswordFormSchema = z.object({ password: passwordField });

export type LoginForm = z.infer<typeof loginFormSchema>;
export type SignupForm = z.infer<typeof signupFormSchema>;
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
