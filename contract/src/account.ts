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
import { oneLine, type PlainText, textField } from "./text-field.js";

/** An email is one line: its pattern refuses white space, not a NUL or another control character. */
const EMAIL = oneLine("Email");

/** A required email: "Email is Required" when empty, "Provide a Valid Email" when malformed. */
export function emailField(requiredMessage: string = MESSAGES.emailRequired) {
  return textField(emailRules(requiredMessage), EMAIL);
}

export const passwordField = textField(passwordRules);

/**
 * The zod schema of a form whose fields are all texts with rules (field-rules.ts); the `plain` ones refuse control
 * characters too, on the server only (see `textField`).
 */
function formSchema<Fields extends Record<string, TextRules>>(
  fields: Fields,
  plain: { [Name in keyof Fields]?: PlainText } = {},
) {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, rules]) => [name, textField(rules, plain[name as keyof Fields])]),
  );
  return z.object(shape as { [Name in keyof Fields]: ReturnType<typeof textField> });
}

export const loginFormSchema = formSchema(loginFields, { email: EMAIL });
export const signupFormSchema = formSchema(signupFields, { name: oneLine("Name"), email: EMAIL });
export const resetRequestFormSchema = formSchema(resetRequestFields, { email: EMAIL });
export const newPasswordFormSchema = formSchema(newPasswordFields);
