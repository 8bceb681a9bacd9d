import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type LineToPrice, type PricingTerms, type PromotionTerms, pricedJson, priceLines } from "./price.js";

const drill = {
  id: "d",
  sku: "FL-DRL-20V",
  name: "Drill",
  priceCents: 8900,
  tiers: [
    { minQuantity: 150, unitPriceCents: 8400 },
    { minQuantity: 200, unitPriceCents: 7900 },
  ],
};
const hammer = { id: "h", sku: "FL-HAM-16", name: "Hammer", priceCents: 1450, tiers: [] };

const promotion = (overrides: Partial<PromotionTerms>): PromotionTerms => ({
  id: "p",
  name: "Promo",
  percent: 10,
  firstOrder: false,
  minPieces: null,
  createdAt: new Date("2026-01-01"),
  ...overrides,
});
const FIRST_ORDER = promotion({ id: "first", name: "30% off your first order", percent: 30, firstOrder: true });
const BULK = promotion({
  id: "bulk",
  name: "40% off orders of 200 pieces or more",
  percent: 40,
  minPieces: 200,
  createdAt: new Date("2026-01-02"),
});
const none: PricingTerms = { promotions: [], firstOrderEligible: false, taxRateMilli: 0 };

describe("the one price function (docs/SELLING-TO-BUSINESSES.md, 'One price function')", () => {
  it("a tier starts at its minimum quantity: 149 pieces pay the list price, 150 the tier's", () => {
    const at149 = priceLines([{ product: drill, quantity: 149 }], none);
    const at150 = priceLines([{ product: drill, quantity: 150 }], none);
    expect(pricedJson(at149).lines[0]).toMatchObject({ unitPrice: 89, priceSource: "list", total: 13_261 });
    expect(pricedJson(at150).lines[0]).toMatchObject({ unitPrice: 84, priceSource: "tier", total: 12_600 });
    expect(pricedJson(priceLines([{ product: drill, quantity: 200 }], none)).lines[0]?.unitPrice).toBe(79);
  });

  it("the lowest of list, tier and contract price wins, and says which it was", () => {
    const lower = priceLines([{ product: drill, quantity: 150, contractCents: 8000 }], none);
    const higher = priceLines([{ product: drill, quantity: 150, contractCents: 8600 }], none);
    expect(lower.lines[0]).toMatchObject({ unitCents: 8000n, priceSource: "contract" });
    expect(higher.lines[0]).toMatchObject({ unitCents: 8400n, priceSource: "tier" });
  });

  it("applies the one promotion that saves most, the older on a tie, and none the order does not qualify for", () => {
    const terms = { ...none, promotions: [FIRST_ORDER, BULK], firstOrderEligible: true };
    expect(priceLines([{ product: hammer, quantity: 100 }], terms).promotion?.id).toBe("first");
    expect(priceLines([{ product: hammer, quantity: 200 }], terms).promotion?.id).toBe("bulk");
    expect(
      priceLines([{ product: hammer, quantity: 100 }], { ...terms, firstOrderEligible: false }).promotion,
    ).toBeNull();
    const twin = promotion({ id: "twin", percent: 30, createdAt: new Date("2025-12-31") });
    expect(
      priceLines([{ product: hammer, quantity: 100 }], { ...terms, promotions: [FIRST_ORDER, twin] }).promotion?.id,
    ).toBe("twin");
  });

  it("rounds each line's discount and the tax half up to the cent", () => {
    // 101 × $0.15 = $15.15; 10% of it is 151.5 cents → 152; tax 8.875% of 1363 cents = 120.96… → 121.
    const odd = { id: "o", sku: "ODD-1", name: "Odd", priceCents: 15, tiers: [] };
    const priced = priceLines([{ product: odd, quantity: 101 }], {
      promotions: [promotion({})],
      firstOrderEligible: false,
      taxRateMilli: 8875,
    });
    expect(priced).toMatchObject({ subtotalCents: 1515n, discountCents: 152n, taxCents: 121n, totalCents: 1484n });
  });

  it("a quoted line keeps the quoted price and no promotion applies on top", () => {
    const priced = priceLines([{ product: drill, quantity: 200, quoteCents: 7000 }], { ...none, promotions: [BULK] });
    expect(priced).toMatchObject({ promotion: null, discountCents: 0n, totalCents: 1_400_000n });
    expect(priced.lines[0]?.priceSource).toBe("quote");
  });

  it("property: a total is its lines minus the discount plus the tax, never negative, never above list price", () => {
    const product = fc.record({
      id: fc.uuid(),
      sku: fc.constant("SKU-1"),
      name: fc.constant("Tool"),
      priceCents: fc.integer({ min: 1, max: 10_000_000 }),
      tiers: fc.array(
        fc.record({
          minQuantity: fc.integer({ min: 1, max: 100_000 }),
          unitPriceCents: fc.integer({ min: 1, max: 10_000_000 }),
        }),
        { maxLength: 5 },
      ),
    });
    const line = fc.record({
      product,
      quantity: fc.integer({ min: 1, max: 100_000 }),
      contractCents: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
    });
    const terms = fc.record({
      promotions: fc.array(
        fc.record({
          id: fc.uuid(),
          name: fc.constant("Promo"),
          percent: fc.integer({ min: 1, max: 90 }),
          firstOrder: fc.boolean(),
          minPieces: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
          createdAt: fc.date({ noInvalidDate: true }),
        }),
        { maxLength: 4 },
      ),
      firstOrderEligible: fc.boolean(),
      taxRateMilli: fc.integer({ min: 0, max: 99_999 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        terms,
        (lines: LineToPrice[], pricing: PricingTerms) => {
          const priced = priceLines(lines, pricing);
          const sum = priced.lines.reduce((total, each) => total + each.totalCents, 0n);
          const discounts = priced.lines.reduce((total, each) => total + each.discountCents, 0n);
          const list = priced.lines.reduce((total, each) => total + each.listUnitCents * BigInt(each.quantity), 0n);
          expect(priced.subtotalCents).toBe(sum);
          expect(priced.discountCents).toBe(discounts);
          expect(priced.totalCents).toBe(sum - discounts + priced.taxCents);
          expect(priced.totalCents >= 0n).toBe(true);
          expect(priced.subtotalCents <= list).toBe(true);
          expect(priced.totalCents - priced.taxCents <= list).toBe(true);
          for (const each of priced.lines) expect(each.unitCents <= each.listUnitCents).toBe(true);
        },
      ),
    );
  });
});
