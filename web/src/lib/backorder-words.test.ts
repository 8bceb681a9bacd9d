import { describe, expect, it } from "vitest";
import { moreComesText, shipsNowText, waitingText, whenMoreComes } from "./backorder-words";

const NOW = new Date("2026-12-02T12:00:00Z");
const byDay = { allowed: true, expectedAt: "2027-01-15", leadDays: null };
const inDays = { allowed: true, expectedAt: null, leadDays: 14 };

describe("the words of backorders", () => {
  it("says when more comes: the day (with its year when not this one), else the lead time, else later", () => {
    expect(whenMoreComes({ expectedAt: "2026-12-24", leadDays: 3 }, NOW)).toBe("expected by 24 December");
    expect(whenMoreComes(byDay, NOW)).toBe("expected by 15 January 2027");
    expect(whenMoreComes(inDays, NOW)).toBe("expected in 14 days");
    expect(whenMoreComes({ expectedAt: null, leadDays: 1 }, NOW)).toBe("expected in 1 day");
    expect(whenMoreComes({ expectedAt: null, leadDays: null }, NOW)).toBe("expected later");
  });

  it("says what of a line ships now and what waits, only when the tool takes backorders and is short", () => {
    expect(shipsNowText(500, 300, inDays, NOW)).toBe("300 ship now, 200 expected in 14 days");
    expect(shipsNowText(150, 0, byDay, NOW)).toBe("0 ship now, 150 expected by 15 January 2027");
    expect(shipsNowText(200, 300, inDays, NOW)).toBeUndefined();
    expect(shipsNowText(500, 300, { ...inDays, allowed: false }, NOW)).toBeUndefined();
  });

  it("says on the card and page what ships now while the stock is below the largest order", () => {
    const tool = { quantity: 30, quantityRule: { max: 200 }, backorders: inDays };
    expect(moreComesText(tool, NOW)).toBe("30 ship now, more expected in 14 days");
    expect(moreComesText({ ...tool, quantity: 200 }, NOW)).toBeUndefined();
    expect(moreComesText({ ...tool, backorders: undefined }, NOW)).toBeUndefined();
  });

  it("says what an order's line waits for", () => {
    expect(waitingText(120, "2026-12-16", NOW)).toBe("120 waiting for stock, expected by 16 December");
    expect(waitingText(0, "2026-12-16", NOW)).toBeUndefined();
  });
});
