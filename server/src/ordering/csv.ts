/**
 * Orders as CSV (RFC 4180). Every text cell is quoted, its quotes doubled, so no separator inside it (a
 * comma, or the `;` of a German or French spreadsheet) splits it. And wherever a spreadsheet could start a
 * formula in it (=, +, -, @, tab or carriage return at its start, or after a `,` `;` `|` or line break
 * that a spreadsheet might split on) an apostrophe goes first, so opening the export never runs what a
 * customer typed into an address.
 */
const FORMULA_START = /(^|[,;|\r\n\t])([=+\-@\t\r])/g;

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const defused = value.replace(FORMULA_START, "$1'$2");
  return `"${defused.replaceAll('"', '""')}"`;
}

export function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
