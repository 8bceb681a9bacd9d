import { z } from "zod";
import { requiredTextRules, type TextRules } from "./field-rules.js";

/** A text field's rules (field-rules.ts) as a zod schema, in the same order, with the same messages. */
export function textField(rules: TextRules) {
  const text = z.string({ error: rules.required });
  let schema = (rules.trim ? text.trim() : text).min(1, { error: rules.required, abort: true });
  if (rules.minLength) schema = schema.min(rules.minLength.length, { error: rules.minLength.message });
  if (rules.maxLength) schema = schema.max(rules.maxLength.length, { error: rules.maxLength.message });
  return rules.valid ? schema.refine(rules.valid.test, { error: rules.valid.message }) : schema;
}

/** A required text, trimmed, of at most `max` characters (see MAX_LENGTH). */
export function requiredText(requiredMessage: string, label: string, max: number) {
  return textField(requiredTextRules(requiredMessage, label, max));
}
