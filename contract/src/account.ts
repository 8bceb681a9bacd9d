import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./constants.js";
import { MAX_LENGTH } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { isEmail } from "./rules.js";
import { requiredText } from "./text-field.js";

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
  .max(MAX_LENGTH.password, { error: `Must be ${MAX_LENGTH.password} Characters Or Fewer` });

export const loginFormSchema = z.object({ email: emailField(), password: passwordField });

export const signupFormSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, "Name", MAX_LENGTH.personName),
  email: emailField(),
  password: passwordField,
});

export const resetRequestFormSchema = z.object({ email: emailField(MESSAGES.resetEmailMissing) });
export const newPasswordFormSchema = z.object({ password: passwordField });

export type LoginForm = z.infer<typeof loginFormSchema>;
export type SignupForm = z.infer<typeof signupFormSchema>;
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
