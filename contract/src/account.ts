import { z } from "zod";
import {
  emailRules,
  loginFields,
  newPasswordFields,
  passwordRules,
  resetRequestFields,
  signupFields,
  type TextRules,
} from "./field-rules.js";
import { MESSAGES } from "./messages.js";
import { textField } from "./text-field.js";

/** A required email: "Email is Required" when empty, "Provide a Valid Email" when malformed. */
export function emailField(requiredMessage: string = MESSAGES.emailRequired) {
  return textField(emailRules(requiredMessage));
}

export const passwordField = textField(passwordRules);

/** The zod schema of a form whose fields are all texts with rules (field-rules.ts). */
function formSchema<Fields extends Record<string, TextRules>>(fields: Fields) {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, rules]) => [name, textField(rules)]));
  return z.object(shape as { [Name in keyof Fields]: ReturnType<typeof textField> });
}

export const loginFormSchema = formSchema(loginFields);
export const signupFormSchema = formSchema(signupFields);
export const resetRequestFormSchema = formSchema(resetRequestFields);
export const newPasswordFormSchema = formSchema(newPasswordFields);
