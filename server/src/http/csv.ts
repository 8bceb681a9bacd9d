import { CsvError, type Info, parse } from "csv-parse/sync";

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

/** Ties go to `;`: a European spreadsheet's cell may hold `12,50`. */
const SEPARATORS = ["\t", ";", ","] as const;
const QUOTED = /"(?:[^"]|"")*"/g;

/**
 * A record's own separator, as found outside its quoted cells: a tab (cells copied from a spreadsheet; typed
 * text holds none); else the text's (its first record's) where the record holds it, since a spreadsheet quotes
 * only cells holding its own separator (`Bits; set of 10` comes bare in a comma file); else the one of `;` and
 * `,` the record holds most.
 */
function separatorOf(raw: string, texts?: string): string {
  const bare = raw.replace(QUOTED, "");
  if (bare.includes("\t")) return "\t";
  if (texts && bare.includes(texts)) return texts;
  const counts = SEPARATORS.map((separator) => bare.split(separator).length - 1);
  const most = Math.max(...counts);
  return most > 0 ? (SEPARATORS[counts.indexOf(most)] as string) : (texts ?? ",");
}

const READING = { relax_column_count: true, relax_quotes: true, trim: true } as const;

/** A text that is no CSV (a quote never closed, text after a closing quote): the line it goes wrong on. */
export class UnreadableCsv extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Row ${line}: ${message}`);
  }
}

const WHY_UNREADABLE: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a cell's opening quote is never closed",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text follows a cell's closing quote (double a quote inside a cell)",
  CSV_INVALID_CLOSING_QUOTE: "text follows a cell's closing quote (double a quote inside a cell)",
};

/** A record's own text: its raw text without the blank lines skipped before it or its line break. */
const ownText = (raw: string) => raw.replace(/^(?:[ \t]*\n)+/, "").replace(/\n$/, "");
/** The line a record starts on, from the line it ends on. */
const firstLine = (lastLine: number, own: string) => lastLine - (own.split("\n").length - 1);

/** What csv-parse reads, or UnreadableCsv naming the line it stopped on (the record's, when reading one record). */
function readOrRefuse<T>(read: () => T, line?: number): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = line ?? firstLine(Number(error.lines), ownText(String(error.raw ?? "")));
    throw new UnreadableCsv(at, WHY_UNREADABLE[error.code] ?? "this line cannot be read as CSV");
  }
}

/**
 * The records of an uploaded CSV text or a pasted list, read by csv-parse (docs/decisions/060-csv-through-csv-parse.md):
 * a UTF-8 byte-order mark dropped, quoted cells with doubled quotes and line breaks inside, CRLF or LF. Each
 * record is read with its own separator (tab, `;` or `,`: see `separatorOf`), since a list pasted together from
 * several places mixes them. Cells are trimmed; blank lines are left out, but still counted, so each record's
 * `line` is the row a spreadsheet shows. A text that is no CSV throws UnreadableCsv.
 */
export function readCsv(input: string): CsvRecord[] {
  // With `info` and `raw` each record comes as { record, info, raw }, which csv-parse's types do not follow.
  const records = readOrRefuse(
    () =>
      parse(input.replace(/\r\n?/g, "\n"), {
        ...READING,
        bom: true,
        delimiter: [...SEPARATORS],
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        info: true,
        raw: true,
      }) as unknown as { info: Info; raw: string }[],
  );
  let texts: string | undefined;
  return records.map(({ info, raw }) => {
    const own = ownText(raw);
    const line = firstLine(info.lines, own);
    const separator = separatorOf(own, texts);
    texts ??= separator;
    const [cells = []] = readOrRefuse(() => parse(own, { ...READING, delimiter: separator }), line);
    return { line, cells };
  });
}
