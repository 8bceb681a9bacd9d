/**
 * CSV (RFC 4180) in and out, for any resource's downloads and uploads.
 *
 * Out: every text cell is quoted, its quotes doubled, so no separator inside it (a comma, or the `;` of a
 * German or French spreadsheet) splits it. And wherever a spreadsheet could start a formula in it (=, +, -,
 * @, tab or carriage return at its start, or after a `,` `;` `|` or line break that a spreadsheet might split
 * on) an apostrophe goes first, so opening a download never runs what a customer typed.
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

/** One record of an uploaded file: its cells, and the line of the file it starts on (1 for the first). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const SEPARATORS = [",", ";", "\t"] as const;

/** The separator of a file as a spreadsheet writes it: the one of `,` `;` tab its first line holds most. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: string = ",";
  let most = 0;
  for (const separator of SEPARATORS) {
    const found = firstLine.split(separator).length - 1;
    if (found > most) [best, most] = [separator, found];
  }
  return best;
}

/**
 * The records of an uploaded CSV text: a UTF-8 byte-order mark dropped, `,` `;` or tab as separator (as the
 * first line shows), quoted cells with doubled quotes and line breaks inside, CRLF or LF. Cells are trimmed;
 * blank lines are left out, but still counted, so each record's `line` is the row a spreadsheet shows.
 */
export function readCsv(input: string): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, "");
  const separator = separatorOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== "")) {
      records.push({ line: recordLine, cells: cells.map((value) => value.trim()) });
    }
    cells = [];
    cell = "";
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        if (character === "\n") line += 1;
        cell += character;
      }
    } else if (character === '"' && cell.trim() === "") {
      cell = "";
      quoted = true;
    } else if (character === separator) {
      cells.push(cell);
      cell = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += character;
    }
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}
