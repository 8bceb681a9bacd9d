import { z } from "zod";
import {
  controlCharacterMessage,
  holdsControlCharacter,
  requiredTextRules,
  type TextLines,
  type TextRules,
} from "./field-rules.js";

/** A text field's rules (field-rules.ts) as a zod schema, in the same order, with the same messages. */
export function textField(rules: TextRules) {
  const text = z.string({ error: rules.required });
  let schema = (rules.trim ? text.trim() : text).min(1, { error: rules.required, abort: true });
  if (rules.minLength) schema = schema.min(rules.minLength.length, { error: rules.minLength.message });
  if (rules.maxLength) schema = schema.max(rules.maxLength.length, { error: rules.maxLength.message });
  const { plain } = rules;
  if (plain) schema = schema.refine((value) => !holdsControlCharacter(value, plain.lines), { error: plain.message });
  return rules.valid ? schema.refine(rules.valid.test, { error: rules.valid.message }) : schema;
}

/** A required text, trimmed, of at most `max` characters (see MAX_LENGTH), of one line unless said otherwise. */
export function requiredText(requiredMessage: string, label: string, max: number, lines: TextLines = "one") {
  return textField(requiredTextRules(requiredMessage, label, max, lines));
}

/** Any text schema made to refuse control characters, for the fields that are not `requiredText`. */
export function plainText<Schema extends z.ZodType<string>>(schema: Schema, label: string, lines: TextLines = "one") {
  return schema.refine((value) => !holdsControlCharacter(value, lines), { error: controlCharacterMessage(label) });
}
