import { PASSWORD_MIN_LENGTH } from "./constants.js";
import { MAX_LENGTH } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { isEmail } from "./rules.js";

/**
 * The rules of a text field, written once: the server enforces them as zod schemas (`textField` in
 * text-field.ts) and the light forms of the public pages check them as they are (`checkText`), without a
 * schema library. Applied in this order; the first that fails gives the field's message.
 */
export interface TextRules {
  /** Spaces around the value are dropped before the checks (and from the value that is sent). */
  trim: boolean;
  /** The message for an empty value. */
  required: string;
  minLength?: { length: number; message: string };
  maxLength?: { length: number; message: string };
  valid?: { test: (value: string) => boolean; message: string };
}

/** The value as checked (trimmed where the rules say so) and the message of the first rule it breaks. */
export function checkText(rules: TextRules, raw: string): { value: string; error: string | undefined } {
  const value = rules.trim ? raw.trim() : raw;
  const broken =
    value.length === 0
      ? rules.required
      : rules.minLength && value.length < rules.minLength.length
        ? rules.minLength.message
        : rules.maxLength && value.length > rules.maxLength.length
          ? rules.maxLength.message
          : rules.valid && !rules.valid.test(value)
            ? rules.valid.message
            : undefined;
  return { value, error: broken };
}

/** A required text, trimmed, of at most `max` characters (see MAX_LENGTH). */
export function requiredTextRules(required: string, label: string, max: number): TextRules {
  return { trim: true, required, maxLength: { length: max, message: `${label} must be ${max} characters or fewer` } };
}

/** A required email: "Email is Required" when empty, "Provide a Valid Email" when malformed. */
export function emailRules(required: string = MESSAGES.emailRequired): TextRules {
  return { trim: true, required, valid: { test: isEmail, message: MESSAGES.emailInvalid } };
}

export const passwordRules: TextRules = {
  trim: false,
  required: MESSAGES.passwordRequired,
  minLength: { length: PASSWORD_MIN_LENGTH, message: MESSAGES.passwordTooShort },
  maxLength: { length: MAX_LENGTH.password, message: `Must be ${MAX_LENGTH.password} Characters Or Fewer` },
};

/** The fields of the sign-in forms (login, sign-up, password reset), for the pages and the server alike. */
export const loginFields = { email: emailRules(), password: passwordRules };
export const signupFields = {
  name: requiredTextRules(MESSAGES.nameRequired, "Name", MAX_LENGTH.personName),
  email: emailRules(),
  password: passwordRules,
};
export const resetRequestFields = { email: emailRules(MESSAGES.resetEmailMissing) };
export const newPasswordFields = { password: passwordRules };

/** What a form of such fields sends: each field's value as checked. */
export type FieldValues<Fields extends Record<string, TextRules>> = { [Name in keyof Fields]: string };
