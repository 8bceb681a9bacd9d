// Apart from field-rules.ts on purpose: the public pages' light forms load field-rules.ts on their first visit
// (sign-in, sign-up, password reset), and the server alone refuses control characters there (decision 057).

/** A one-line text (a name, a reference) or one of several lines (an address, a note, a description). */
export type TextLines = "one" | "many";

const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTER_BUT_LINE_BREAK = /(?![\n\r\t])\p{Cc}/u;

/**
 * Whether a text holds a control character (C0, DEL or C1): a NUL cannot be stored, and the others would be
 * printed as they are on statements, PDFs and CSV. Line breaks and tabs are allowed in a text of several lines.
 */
export function holdsControlCharacter(text: string, lines: TextLines): boolean {
  return (lines === "one" ? CONTROL_CHARACTER : CONTROL_CHARACTER_BUT_LINE_BREAK).test(text);
}

/** "Reference cannot hold control characters". */
export const controlCharacterMessage = (label: string): string => `${label} cannot hold control characters`;
