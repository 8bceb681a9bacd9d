import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

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
