import type { AdminQuote, Cart, Product, Quote, QuotePreview } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

/**
 * An admin pricing a quote sees what its lines would cost the buyer today, and confirms a quote dearer than that
 * (docs/decisions/036-quotes-beside-todays-price.md), through the API as the admin's page uses it.
 */
describe("a quote beside today's price", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;

  beforeAll(async () => {
    // Tax on both sides of the comparison; a promotion the buyer's 320 pieces earn today.
    ctx = await createTestApp({ env: { SHOP_TAX_RATE: "8.875" } });
    admin = await signUp(ctx.app, { admin: true });
    const promo = await call("POST", "/api/admin/promotions", admin, {
      name: "10% off 300 pieces",
      percent: 10,
      minPieces: 300,
    });
    expect(promo.statusCode, promo.body).toBe(201);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, who: TestAccount, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload: payload as object } : {}) });

  async function newTool(fields: Record<string, unknown> = {}): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Today Tool ${tools}`,
      price: 10,
      quantity: 1000,
      description: "For the today's price tests.",
      image: "/images/x.webp",
      ...fields,
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await ctx.app.inject({ method: "GET", url: `/api/product/${added.json().insertedId}` })).json<Product>();
  }

  /**
   * A company's buyer asks a quote of 200 pieces of a tiered tool ($9 from 150, $8 from 200) and 120 of one their
   * company has at a contract price of $7 (both list $10).
   */
  async function askQuote() {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const company = await call("POST", "/api/companies", buyer, { name: `Today Co ${tools}` });
    expect(company.statusCode, company.body).toBe(201);
    const tiered = await newTool({
      tiers: [
        { minQuantity: 150, unitPrice: 9 },
        { minQuantity: 200, unitPrice: 8 },
      ],
    });
    const contracted = await newTool();
    const prices = [{ sku: contracted.sku, unitPrice: 7 }];
    const listed = await call("PUT", `/api/admin/companies/${company.json().insertedId}/prices`, admin, prices);
    expect(listed.statusCode, listed.body).toBe(200);
    const lines: [Product, number][] = [
      [tiered, 200],
      [contracted, 120],
    ];
    for (const [tool, quantity] of lines) {
      expect((await call("PUT", `/api/cart/lines/${tool._id}`, buyer, { quantity })).statusCode).toBe(200);
    }
    const asked = await call("POST", "/api/quotes", buyer, { note: "Better than list on 200+?" });
    expect(asked.statusCode, asked.body).toBe(201);
    return { id: asked.json().insertedId as string, buyer, tiered, contracted, lines };
  }

  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const pricesOf = (tools: Product[], prices: number[]) =>
    tools.map((tool, index) => ({ productId: tool._id, unitPrice: prices[index] }));
  const send = (id: string, tools: Product[], prices: number[], extra: Record<string, unknown> = {}) =>
    call("POST", `/api/admin/quotes/${id}/send`, admin, {
      lines: pricesOf(tools, prices),
      expiresAt: inDays(7),
      ...extra,
    });
  const adminQuote = async (id: string) => (await call("GET", `/api/admin/quotes/${id}`, admin)).json<AdminQuote>();

  // Today: 200 × $8.00 (tier) + 120 × $7.00 (contract) = $2,440.00; 10% off = $2,196.00; tax 8.875% = $194.90.
  const TODAY = { subtotal: 2440, discount: 244, tax: 194.9, total: 2390.9 };

  it("shows per line the buyer's price today and why, and the total their cart would charge", async () => {
    const { id, buyer, tiered, contracted, lines } = await askQuote();
    const quote = await adminQuote(id);
    expect(quote.status).toBe("requested");
    expect(quote.today?.lines.map((line) => [line.sku, line.unitPrice, line.priceSource, line.tierFrom])).toEqual([
      [tiered.sku, 8, "tier", 200],
      [contracted.sku, 7, "contract", null],
    ]);
    expect(quote.today).toMatchObject({ ...TODAY, promotion: { name: "10% off 300 pieces", percent: 10 } });

    // The same lines in the buyer's cart cost exactly that.
    for (const [tool, quantity] of lines) await call("PUT", `/api/cart/lines/${tool._id}`, buyer, { quantity });
    const cart = (await call("GET", "/api/cart", buyer)).json<Cart>();
    expect(cart.total).toBe(quote.today?.total);
    expect(cart.lines.map((line) => line.unitPrice)).toEqual([8, 7]);

    // The buyer does not see what the admin sees.
    expect((await call("GET", `/api/quotes/${id}`, buyer)).json()).not.toHaveProperty("today");
    expect((await call("GET", `/api/admin/quotes/${id}`, buyer)).statusCode).toBe(403);
    const missing = await call("GET", "/api/admin/quotes/00000000-0000-4000-8000-000000000000", admin);
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a quote dearer than today's total until the admin confirms it, naming both totals", async () => {
    const { id, buyer, tiered, contracted } = await askQuote();
    // At list price: 320 × $10.00 = $3,200.00 + $284.00 tax.
    const refused = await send(id, [tiered, contracted], [10, 10]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This quote comes to $3,484.00, more than the $2,390.90 the buyer would pay for these lines today: " +
        "confirm that you mean to send it dearer.",
    );
    expect(await adminQuote(id)).toMatchObject({ status: "requested", revision: 0, priced: null });
    expect((await call("GET", `/api/quotes/${id}`, buyer)).json<Quote>().status).toBe("requested");

    const confirmed = await send(id, [tiered, contracted], [10, 10], { confirmDearer: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Quote>()).toMatchObject({ status: "sent", revision: 1, priced: { total: 3484 } });
    const audit = JSON.stringify((await call("GET", "/api/admin/audit", admin)).json());
    expect(audit).toContain('"todayTotalCents":239090');
  });

  it("sends a quote at or below today's total without a confirmation", async () => {
    const { id, tiered, contracted } = await askQuote();
    // 200 × $7.50 + 120 × $5.80 = $2,196.00 + $194.90 tax: exactly today's total.
    const level = await send(id, [tiered, contracted], [7.5, 5.8]);
    expect(level.statusCode, level.body).toBe(200);
    expect(level.json<Quote>().priced?.total).toBe(TODAY.total);
    // 200 × $7.00 + 120 × $5.00 = $2,000.00 + $177.50 tax.
    const cheaper = await send(id, [tiered, contracted], [7, 5]);
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json<Quote>()).toMatchObject({ revision: 2, priced: { total: 2177.5 } });
  });

  it("prices typed prices beside today's without keeping anything", async () => {
    const { id, tiered, contracted } = await askQuote();
    const preview = (prices: number[]) =>
      call("POST", `/api/admin/quotes/${id}/preview`, admin, { lines: pricesOf([tiered, contracted], prices) });
    const dear = (await preview([10, 10])).json<QuotePreview>();
    expect(dear).toMatchObject({
      quoted: { subtotal: 3200, promotion: null, total: 3484 },
      today: TODAY,
      dearer: true,
    });
    expect((await preview([7.5, 5.8])).json<QuotePreview>()).toMatchObject({
      quoted: { total: 2390.9 },
      dearer: false,
    });
    expect(await adminQuote(id)).toMatchObject({ status: "requested", priced: null });

    const partial = await call("POST", `/api/admin/quotes/${id}/preview`, admin, {
      lines: pricesOf([tiered], [5]),
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toEqual([
      { field: "lines", message: "Price every line of the quote once, and no other tool" },
    ]);
  });

  it("refuses a confirmation that is not true or false with 400, storing nothing", async () => {
    const { id, tiered, contracted } = await askQuote();
    for (const confirmDearer of ["yes", 1, null]) {
      const bad = await send(id, [tiered, contracted], [10, 10], { confirmDearer });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: "confirmDearer", message: "confirmDearer must be true or false" }]);
    }
    expect(await adminQuote(id)).toMatchObject({ status: "requested", revision: 0 });
  });

  it("has no today's price once a tool has left the catalogue, and then asks no confirmation", async () => {
    const { id, tiered, contracted } = await askQuote();
    const withdrawn = await ctx.app.inject({
      method: "DELETE",
      url: `/api/product/${contracted._id}`,
      headers: bearer(admin.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await adminQuote(id)).today).toBeNull();
    expect((await send(id, [tiered, contracted], [10, 10])).statusCode).toBe(200);
  });
});
