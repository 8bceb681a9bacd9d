/**
 * Orders as CSV (RFC 4180): a cell with a comma, a quote or a line break is quoted, its quotes doubled. A
 * text cell that a spreadsheet would take for a formula (=, +, -, @, tab or carriage return first) gets a
 * leading apostrophe, so opening the export never runs what a customer typed into an address.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
