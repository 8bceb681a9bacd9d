import { describe, expect, it } from "vitest";
import { chosenMonth, monthText, STATEMENT_MONTHS_SHOWN, statementMonths } from "./statement-months";

describe("the months of a statement", () => {
  it("offers this month (UTC) back to the month the company was made, newest first, never a future month", () => {
    const now = new Date("2027-02-10T12:00:00Z");
    expect(statementMonths("2026-11-20T09:00:00.000Z", now)).toEqual([
      { value: "2027-02", label: "February 2027" },
      { value: "2027-01", label: "January 2027" },
      { value: "2026-12", label: "December 2026" },
      { value: "2026-11", label: "November 2026" },
    ]);
  });

  it("counts months in UTC: late on the last day in America is already the next month", () => {
    // 23:30 on Jan 31 in New York is Feb 1 in UTC: the statement of February is this month's.
    const now = new Date("2027-02-01T04:30:00Z");
    expect(statementMonths("2027-01-05T00:00:00Z", now).map((month) => month.value)).toEqual(["2027-02", "2027-01"]);
  });

  it("offers this month alone to a company made this month, and at most five years to an old one", () => {
    const now = new Date("2027-02-10T12:00:00Z");
    expect(statementMonths("2027-02-01T00:00:00Z", now).map((month) => month.value)).toEqual(["2027-02"]);
    const old = statementMonths("1999-01-01T00:00:00Z", now);
    expect(old).toHaveLength(STATEMENT_MONTHS_SHOWN);
    expect(old.at(-1)?.value).toBe("2022-03");
  });

  it("takes the month asked for when it is offered, else this month", () => {
    const months = statementMonths("2026-11-20T09:00:00Z", new Date("2027-02-10T12:00:00Z"));
    expect(chosenMonth("2026-12", months)).toBe("2026-12");
    expect(chosenMonth("2027-03", months)).toBe("2027-02");
    expect(chosenMonth("2026-10", months)).toBe("2027-02");
    expect(chosenMonth("December", months)).toBe("2027-02");
    expect(chosenMonth(null, months)).toBe("2027-02");
  });

  it("names a month in words", () => {
    expect(monthText("2026-03")).toBe("March 2026");
    expect(monthText("nonsense")).toBe("nonsense");
  });
});
