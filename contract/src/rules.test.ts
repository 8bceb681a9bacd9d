import { describe, expect, it } from "vitest";
import { maximumCount, maximumPrice } from "./limits.js";
import { centsToDollars, dollarsToCents, formatCents, formatPrice, isWholeCents, plainDollars } from "./money.js";
import { canOrder, isEmail } from "./rules.js";

describe("isEmail (decision 006: a standard check, not the spec's 2-3 letter pattern)", () => {
  it.each([
    "a@b.co",
    "first.last@company.co.uk",
    "first+shop@mail.example.museum",
    "ANA@EXAMPLE.COM",
    `${"a".repeat(242)}@example.com`,
  ])("accepts %s", (address) => {
    expect(isEmail(address)).toBe(true);
  });

  it.each([
    ["no @", "ana.example.com"],
    ["no domain", "ana@"],
    ["no dot in the domain", "ana@example"],
    ["an empty label", "ana@example..com"],
    ["a trailing dot", "ana@example.com."],
    ["two @", "ana@b@example.com"],
    ["a space", "ana maria@example.com"],
    ["nothing before @", "@example.com"],
    ["255 characters, one past SMTP's 254", `${"a".repeat(243)}@example.com`],
  ])("refuses %s", (_, address) => {
    expect(isEmail(address)).toBe(false);
  });
});

describe("canOrder: Order Now needs stock for the smallest bulk order", () => {
  it.each([
    [0, false],
    [99, false],
    [100, true],
    [200, true],
    [1_000_000, true],
  ])("%i pieces in stock: %s", (stock, orderable) => {
    expect(canOrder(stock)).toBe(orderable);
  });
});

describe("money: dollars on the wire, whole cents in the database", () => {
  it.each([
    [19.99, 1999],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [100_000, 10_000_000],
  ])("$%d is %i cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it("reads cents back as dollars, bigint cents too", () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(2_000_000_000)).toBe(20_000_000);
    expect(centsToDollars(229_715n)).toBe(2297.15);
  });

  it("tells whole cents from a fraction of one, within a float's error", () => {
    expect([8.33, 0.1 + 0.2, 100_000, 0].map(isWholeCents)).toEqual([true, true, true, true]);
    expect([8.333, 0.005, 1e-7].map(isWholeCents)).toEqual([false, false, false]);
  });

  it("writes cents for a person, and dollars for a machine", () => {
    expect(formatCents(124_950n)).toBe("$1,249.50");
    expect(formatCents(-1230)).toBe("-$12.30");
    expect(plainDollars(1249.5)).toBe("1249.50");
  });

  it.each([
    [0, "$0.00"],
    [24.5, "$24.50"],
    [1234.5, "$1,234.50"],
    [20_000_000, "$20,000,000.00"],
  ])("writes %d as %s", (dollars, text) => {
    expect(formatPrice(dollars)).toBe(text);
  });

  it("says the caps as the forms show them", () => {
    expect(maximumPrice(10_000_000)).toBe("Maximum $100,000.00");
    expect(maximumCount(1_000_000)).toBe("Maximum 1,000,000");
  });
});
