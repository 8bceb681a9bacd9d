import type { Product } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";

describe("GET /api/product", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
  });
  afterAll(() => ctx.close());

  const get = (query = "") => ctx.app.inject({ method: "GET", url: `/api/product${query}` });

  it("lists the seeded catalogue in dollars, with the total in X-Total-Count", async () => {
    const response = await get("?limit=100");
    expect(response.statusCode).toBe(200);
    const products = response.json<Product[]>();
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(Number(response.headers["x-total-count"])).toBe(products.length);
    for (const product of products) {
      expect(product).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        price: expect.any(Number),
        quantity: expect.any(Number),
        image: expect.stringMatching(/^\/images\/.+/),
        description: expect.any(String),
        sku: expect.stringMatching(/^FL-[A-Z0-9-]+$/),
        quantityRule: { min: expect.any(Number), max: expect.any(Number), step: expect.any(Number) },
        tiers: expect.any(Array),
        lowStockThreshold: null,
        backorders: { allowed: false, expectedAt: null, leadDays: null },
      });
      expect(product.price).toBeGreaterThan(0);
      // Volume tiers rise in quantity and fall in price, every one below the list price.
      const prices = [product.price, ...product.tiers.map((tier) => tier.unitPrice)];
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(new Set(prices).size).toBe(prices.length);
    }
    expect(new Set(products.map((product) => product.sku)).size).toBe(products.length);
    expect(products.some((product) => product.quantity < 100)).toBe(true);
    expect(products.some((product) => product.quantity >= 100)).toBe(true);

    // The demo tools' selling terms (docs/SELLING-TO-BUSINESSES.md, 'SKU, quantity rule and volume tiers'): SPEC.md's
    // 100 to 200 band unless a tool says otherwise.
    const bySku = (sku: string) => products.find((product) => product.sku === sku);
    expect(bySku("FL-DRL-20V")).toMatchObject({
      name: "Forgeline 20V Cordless Drill",
      price: 89,
      quantityRule: { min: 100, max: 200, step: 1 },
      tiers: [
        { minQuantity: 150, unitPrice: 84 },
        { minQuantity: 200, unitPrice: 79 },
      ],
    });
    expect(bySku("FL-HAM-16")).toMatchObject({
      name: "Forgeline 16 oz Claw Hammer",
      price: 14.5,
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [
        { minQuantity: 200, unitPrice: 13.5 },
        { minQuantity: 400, unitPrice: 12.5 },
      ],
    });
    expect(bySku("FL-TPM-25")).toMatchObject({
      name: "Forgeline 25 ft. Tape Measure",
      quantityRule: { min: 100, max: 1000, step: 10 },
    });
    expect(bySku("FL-PLR-8")).toMatchObject({ quantityRule: { min: 100, max: 200, step: 1 }, tiers: [] });
  });

  it("pages with limit and offset without overlap or gaps", async () => {
    const all = (await get("?limit=100")).json<Product[]>();
    const first = await get("?limit=5&offset=0");
    const second = await get("?limit=5&offset=5");
    const rest = await get(`?limit=100&offset=10`);
    expect(first.json<Product[]>()).toHaveLength(5);
    expect(second.headers["x-total-count"]).toBe(String(all.length));
    const paged = [...first.json<Product[]>(), ...second.json<Product[]>(), ...rest.json<Product[]>()];
    expect(paged.map((p) => p._id)).toEqual(all.map((p) => p._id));
  });

  it("answers an empty page past the end", async () => {
    const response = await get("?offset=5000");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ["?limit=abc", "limit"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=2.5", "limit"],
    ["?offset=-1", "offset"],
    ["?offset=x", "offset"],
  ])("refuses %s with a 400 naming the field", async (query, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual([{ field, message: expect.stringContaining(`${field} must be a whole number`) }]);
    expect(body.message).toContain(field);
  });

  it("serves each product's picture from the image store", async () => {
    const [product] = (await get("?limit=1")).json<Product[]>();
    const image = await ctx.app.inject({ method: "GET", url: product?.image ?? "" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/svg+xml");
    expect(image.headers["cache-control"]).toContain("max-age");
  });
});

describe("GET /api/product/{id}", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
  });
  afterAll(() => ctx.close());

  it("answers one product, 404 for an unknown id and 400 for a malformed one", async () => {
    const [first] = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=1" })).json<Product[]>();
    const one = await ctx.app.inject({ method: "GET", url: `/api/product/${first?._id}` });
    expect(one.json()).toEqual(first);
    const unknown = await ctx.app.inject({ method: "GET", url: "/api/product/00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: "GET", url: "/api/product/drill" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe("id");
  });
});
