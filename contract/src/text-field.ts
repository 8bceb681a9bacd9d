import { z } from "zod";
import { controlCharacterMessage, holdsControlCharacter, type TextLines } from "./control-characters.js";
import { requiredTextRules, type TextRules } from "./field-rules.js";

/** A text whose control characters are refused: its label names it in the message, `lines` says which are. */
export interface PlainText {
  label: string;
  lines: TextLines;
}

/** A one-line text named `label`. */
export const oneLine = (label: string): PlainText => ({ label, lines: "one" });

/**
 * A text field's rules (field-rules.ts) as a zod schema, in the same order, with the same messages; a `plain` text
 * refuses control characters too. That check is the schema's alone: the public pages' light forms (`checkText`)
 * leave it to the server, so their first visit loads no byte more for it (decision 057).
 */
export function textField(rules: TextRules, plain?: PlainText) {
  const text = z.string({ error: rules.required });
  let schema = (rules.trim ? text.trim() : text).min(1, { error: rules.required, abort: true });
  if (rules.minLength) schema = schema.min(rules.minLength.length, { error: rules.minLength.message });
  if (rules.maxLength) schema = schema.max(rules.maxLength.length, { error: rules.maxLength.message });
  if (plain) schema = plainText(schema, plain.label, plain.lines);
  return rules.valid ? schema.refine(rules.valid.test, { error: rules.valid.message }) : schema;
}

/** A required text, trimmed, of at most `max` characters (see MAX_LENGTH), of one line unless said otherwise. */
export function requiredText(requiredMessage: string, label: string, max: number, lines: TextLines = "one") {
  return textField(requiredTextRules(requiredMessage, label, max), { label, lines });
}

/** Any text schema made to refuse control characters, for the fields that are not `requiredText`. */
export function plainText<Schema extends z.ZodType<string>>(schema: Schema, label: string, lines: TextLines = "one") {
  return schema.refine((value) => !holdsControlCharacter(value, lines), { error: controlCharacterMessage(label) });
}
