import { describe, expect, it } from "vitest";
import { csvCell, csvLine, readCsv, UnreadableCsv } from "./csv.js";

describe("CSV cells", () => {
  it("quotes every text cell, doubling its quotes", () => {
    expect(csvCell("12 Workshop Lane, Springfield")).toBe('"12 Workshop Lane, Springfield"');
    expect(csvCell('The "Pro" drill')).toBe('"The ""Pro"" drill"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe('"plain"');
  });

  it("puts an apostrophe before a cell a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555 0100")).toBe('"\'+1 555 0100"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
  });

  // Round 3 finding 2: "x;=1+1;y" went out bare, and a spreadsheet splitting on ";" made "=1+1" a cell.
  it("defuses a formula after any separator a spreadsheet may split on, not only at the start", () => {
    expect(csvCell("x;=1+1;y")).toBe('"x;\'=1+1;y"');
    expect(csvCell("a,@cmd")).toBe('"a,\'@cmd"');
    expect(csvCell("street|+CALL()")).toBe('"street|\'+CALL()"');
    expect(csvCell("first line\n=2*3")).toBe('"first line\n\'=2*3"');
    expect(csvCell("x; -y")).toBe('"x; -y"');
  });

  it("writes numbers as they are and nothing for a missing value; a line ends with CRLF", () => {
    expect(csvLine(["a", 150, null, "b"])).toBe('"a",150,,"b"\r\n');
  });
});

describe("CSV records", () => {
  it("reads each line with its own separator: a list pasted together from several places", () => {
    const pasted = "FL-DRL-100,100\nFL-SAW-200;150\nFL-HAM-300\t1,000\nFL-WRN-400 ; 125\n";
    expect(readCsv(pasted)).toEqual([
      { line: 1, cells: ["FL-DRL-100", "100"] },
      { line: 2, cells: ["FL-SAW-200", "150"] },
      { line: 3, cells: ["FL-HAM-300", "1,000"] },
      { line: 4, cells: ["FL-WRN-400", "125"] },
    ]);
  });

  it("keeps a separator inside quotes, doubled quotes and line breaks in a cell, and counts the lines it skips", () => {
    const file =
      '\uFEFFsku;name\r\n\r\n"FL-1";"Drill; cordless, 18 V"\r\n  \r\n"FL-2","The ""Pro""\nsaw"\r\nFL-3;"12,50"';
    expect(readCsv(file)).toEqual([
      { line: 1, cells: ["sku", "name"] },
      { line: 3, cells: ["FL-1", "Drill; cordless, 18 V"] },
      { line: 5, cells: ["FL-2", 'The "Pro"\nsaw'] },
      { line: 7, cells: ["FL-3", "12,50"] },
    ]);
  });

  it("keeps to the first line's separator where a line holds it: a spreadsheet leaves other separators bare", () => {
    const file = "sku,unitPrice,name\nFL-BIT-10,12.50,Bits; set of 10\nFL-SAW-20;9.75\n";
    expect(readCsv(file).map((record) => record.cells)).toEqual([
      ["sku", "unitPrice", "name"],
      ["FL-BIT-10", "12.50", "Bits; set of 10"],
      ["FL-SAW-20", "9.75"],
    ]);
  });

  it("names the row where a text stops being CSV: a quote never closed, text after a closing quote", () => {
    const refusal = (text: string) => {
      try {
        readCsv(text);
      } catch (error) {
        return error instanceof UnreadableCsv ? [error.line, error.message] : error;
      }
      return "read";
    };
    expect(refusal('FL-1,100\n",0\nFL-2,100\n')).toEqual([2, "Row 2: a cell's opening quote is never closed"]);
    expect(refusal('FL-1,100\n\n"FL-2"x,100')).toEqual([
      3,
      "Row 3: text follows a cell's closing quote (double a quote inside a cell)",
    ]);
    // Read whole, the record is CSV; read with the text's separator, its quoted cell is followed by text.
    expect(refusal('sku,qty\nFL-1,"FL";100')).toEqual([
      2,
      "Row 2: text follows a cell's closing quote (double a quote inside a cell)",
    ]);
  });

  it("reads nothing from blank text", () => {
    expect(readCsv("\n \r\n,,\n")).toEqual([]);
  });
});
