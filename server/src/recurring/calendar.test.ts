import { describe, expect, it } from "vitest";
import { cadenceText, firstRunFrom, runAfter, shopDay } from "./calendar.js";

const monthly = (day: number, months = 1) => ({ weeks: null, months, day });
const weekly = (weeks: number) => ({ weeks, months: null, day: null });

/** The first `count` runs of a cadence from its first day. */
function runs(startsOn: string, cadence: Parameters<typeof firstRunFrom>[1], count: number) {
  const days = [firstRunFrom(startsOn, cadence, startsOn)];
  while (days.length < count) days.push(runAfter(startsOn, cadence, days.at(-1) as string));
  return days;
}

describe("the recurring orders' calendar (decision 070)", () => {
  it("runs monthly on day 31 on the last day of shorter months, in leap years on Feb 29", () => {
    expect(runs("2027-01-31", monthly(31), 5)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(runs("2028-01-15", monthly(30), 3)).toEqual(["2028-01-30", "2028-02-29", "2028-03-30"]);
  });

  it("starts a monthly cadence on the first of its days on or after the first day", () => {
    expect(firstRunFrom("2027-01-20", monthly(10), "2027-01-20")).toBe("2027-02-10");
    expect(runs("2027-11-05", monthly(5, 3), 3)).toEqual(["2027-11-05", "2028-02-05", "2028-05-05"]);
  });

  it("runs every so many weeks from the first day, across a year's end", () => {
    expect(runs("2027-12-20", weekly(2), 3)).toEqual(["2027-12-20", "2028-01-03", "2028-01-17"]);
    expect(firstRunFrom("2027-12-20", weekly(2), "2028-01-04")).toBe("2028-01-17");
  });

  it("tells the shop's day in its time zone, across a change of daylight saving time", () => {
    // Berlin moves to summer time at 01:00 UTC on 28 March 2027: its midnight is 23:00 UTC before, 22:00 after.
    expect(shopDay(new Date("2027-03-27T22:59:59Z"), "Europe/Berlin")).toBe("2027-03-27");
    expect(shopDay(new Date("2027-03-27T23:00:00Z"), "Europe/Berlin")).toBe("2027-03-28");
    expect(shopDay(new Date("2027-03-28T21:59:59Z"), "Europe/Berlin")).toBe("2027-03-28");
    expect(shopDay(new Date("2027-03-28T22:00:00Z"), "Europe/Berlin")).toBe("2027-03-29");
    expect(shopDay(new Date("2027-03-28T22:00:00Z"), "UTC")).toBe("2027-03-28");
  });

  it("says the cadence in words", () => {
    expect(cadenceText(weekly(1))).toBe("Every week");
    expect(cadenceText(weekly(3))).toBe("Every 3 weeks");
    expect(cadenceText(monthly(31))).toBe("Every month on day 31 (the last day of shorter months)");
    expect(cadenceText(monthly(5, 2))).toBe("Every 2 months on day 5");
  });
});
