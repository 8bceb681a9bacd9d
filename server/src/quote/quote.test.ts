import type { Order, Product, Quote } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../company/queries/members.js";
import { mailsTo } from "../mail/queries.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { quotes } from "./tables.js";

/** Requests for quote (docs/SELLING-TO-BUSINESSES.md, 'Quotes'), through the API as a buyer and an admin use them. */
describe("quotes", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;

  beforeAll(async () => {
    // 8.875% tax, so the total shows its rounding; a running promotion that a quoted order must not get.
    ctx = await createTestApp({ env: { SHOP_TAX_RATE: "8.875" } });
    admin = await signUp(ctx.app, { admin: true });
    const promo = await call("POST", "/api/admin/promotions", admin, { name: "Everything", percent: 20 });
    expect(promo.statusCode, promo.body).toBe(201);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who: TestAccount, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  async function newTool(): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Quote Tool ${tools}`,
      price: 10,
      quantity: 1000,
      description: "For the quote tests.",
      image: "/images/x.webp",
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await ctx.app.inject({ method: "GET", url: `/api/product/${added.json().insertedId}` })).json<Product>();
  }

  /** A quote of two tools (150 and 120 pieces) asked by `buyer`; answers its id and the tools. */
  async function askQuote(buyer: TestAccount) {
    const [a, b] = [await newTool(), await newTool()] as [Product, Product];
    expect((await call("PUT", `/api/cart/lines/${a._id}`, buyer, { quantity: 150 })).statusCode).toBe(200);
    expect((await call("PUT", `/api/cart/lines/${b._id}`, buyer, { quantity: 120 })).statusCode).toBe(200);
    const asked = await call("POST", "/api/quotes", buyer, { note: "Site delivery in March" });
    expect(asked.statusCode, asked.body).toBe(201);
    return { id: asked.json().insertedId as string, a, b };
  }
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  /** $9 a piece is dearer than the buyer's price today (list $10, 20% off): the admin confirms it. */
  const send = (id: string, a: Product, b: Product, prices: [number, number], expiresAt = inDays(7)) =>
    call("POST", `/api/admin/quotes/${id}/send`, admin, {
      lines: [
        { productId: a._id, unitPrice: prices[0] },
        { productId: b._id, unitPrice: prices[1] },
      ],
      expiresAt,
      note: "Prices for March",
      ...(prices.some((price) => price >= 9) ? { confirmDearer: true } : {}),
    });

  it("is asked from the cart, sent, revised and accepted once at exactly the quoted prices", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const { id, a, b } = await askQuote(buyer);
    expect((await call("GET", "/api/cart", buyer)).json().lines).toEqual([]);
    const asked = (await call("GET", `/api/quotes/${id}`, buyer)).json<Quote>();
    expect(asked).toMatchObject({ status: "requested", note: "Site delivery in March", priced: null });
    expect((await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 1 })).statusCode).toBe(409);

    for (const bad of [
      [0, 8],
      [-1, 8],
      [8.123, 8],
    ] as [number, number][]) {
      expect((await send(id, a, b, bad)).statusCode).toBe(400);
    }
    expect((await send(id, a, b, [8, 7], new Date(Date.now() - 1000).toISOString())).statusCode).toBe(400);
    expect((await send(id, a, b, [8.5, 7.25])).statusCode).toBe(200);
    const revised = await send(id, a, b, [8.33, 7.17]);
    expect(revised.statusCode, revised.body).toBe(200);
    const quote = revised.json<Quote>();
    expect(quote).toMatchObject({ status: "sent", revision: 2 });
    // The admin's answer says it may be priced again until the buyer decides; the buyer's, what they may do.
    expect(quote.actions).toEqual(["price:quote"]);
    expect((await call("GET", `/api/quotes/${id}`, buyer)).json<Quote>().actions).toEqual([
      "accept:quote",
      "decline:quote",
    ]);
    // 150 × 8.33 + 120 × 7.17 = 1249.50 + 860.40 = 2109.90; tax 8.875% = 187.253625 → 187.25.
    expect(quote.priced).toMatchObject({ subtotal: 2109.9, discount: 0, tax: 187.25, total: 2297.15, promotion: null });

    const accepted = await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 2 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = (await call("GET", `/api/ordering/${accepted.json().insertedId}`, buyer)).json<Order>();
    expect(order.price).toBe(2297.15);
    expect(order.lines?.map((line) => [line.unitPrice, line.priceSource, line.discount])).toEqual([
      [8.33, "quote", 0],
      [7.17, "quote", 0],
    ]);
    const again = await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 2 });
    expect(again.statusCode).toBe(409);
    expect((await send(id, a, b, [1, 1])).statusCode).toBe(409);
    expect((await call("GET", `/api/quotes/${id}`, buyer)).json()).toMatchObject({ status: "accepted" });
    expect((await call("GET", `/api/admin/quotes/${id}`, admin)).json<Quote>().actions).toEqual([]);
    const steps = (await mailsTo(ctx.db, buyer.email)).filter((mail) => mail.template === "quote-update");
    expect(steps.map((mail) => (mail.data as { step: string }).step)).toEqual([
      "requested",
      "sent",
      "sent",
      "accepted",
    ]);
    const audit = (await call("GET", "/api/admin/audit", admin)).json();
    expect(JSON.stringify(audit)).toContain("quote.send");
  });

  it("accepts only the revision the buyer read: prices sent since are 409 with the quote as it stands", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const { id, a, b } = await askQuote(buyer);
    expect((await send(id, a, b, [5, 5])).statusCode).toBe(200);
    // The buyer reads revision 1 at $5; the admin then sends $9.
    expect((await send(id, a, b, [9, 9])).statusCode).toBe(200);
    const stale = await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: "This quote was revised since you opened it: check the new prices and accept again",
      quote: { _id: id, status: "sent", revision: 2 },
    });
    expect(stale.json().quote.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([9, 9]);
    expect((await call("GET", "/api/quotes", buyer)).json<Quote[]>().find((quote) => quote._id === id)?.status).toBe(
      "sent",
    );
    const missing = await call("POST", `/api/quotes/${id}/accept`, buyer, CONTACT);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "revision", message: "Say which revision of the quote you accept" },
    ]);
    const accepted = await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 2 });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("refuses an expired quote with 409, and another customer's with 404; a declined one stays declined", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const { id, a, b } = await askQuote(buyer);
    expect((await send(id, a, b, [9, 9])).statusCode).toBe(200);
    const stranger = await signUp(ctx.app);
    expect((await call("GET", `/api/quotes/${id}`, stranger)).statusCode).toBe(404);
    expect((await call("POST", `/api/quotes/${id}/accept`, stranger, { ...CONTACT, revision: 1 })).statusCode).toBe(
      404,
    );
    await ctx.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, id));
    const late = await call("POST", `/api/quotes/${id}/accept`, buyer, { ...CONTACT, revision: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This quote has expired");

    const second = await askQuote(buyer);
    const declined = await call("POST", `/api/quotes/${second.id}/decline`, buyer);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: "declined" });
    expect((await call("POST", `/api/quotes/${second.id}/accept`, buyer, { ...CONTACT, revision: 1 })).statusCode).toBe(
      409,
    );
  });

  it("shows a company's quotes to its members, and places one order of two accepts at once", async () => {
    const owner = await signUp(ctx.app, { confirmed: true });
    const colleague = await signUp(ctx.app, { confirmed: true });
    const company = await call("POST", "/api/companies", owner, { name: `Quote Co ${Date.now()}` });
    const companyId = company.json().insertedId;
    await addMember(ctx.db, { companyId, email: colleague.email, role: "buyer" });
    const { id, a, b } = await askQuote(owner);
    const seen = (await call("GET", "/api/quotes", colleague)).json<Quote[]>();
    expect(seen.map((quote) => quote._id)).toContain(id);
    expect((await call("GET", `/api/quotes/${id}`, colleague)).statusCode).toBe(200);
    expect((await call("GET", "/api/quotes", await signUp(ctx.app))).json()).toEqual([]);

    expect((await send(id, a, b, [5, 5])).statusCode).toBe(200);
    const both = await Promise.all([
      call("POST", `/api/quotes/${id}/accept`, owner, { ...CONTACT, revision: 1 }),
      call("POST", `/api/quotes/${id}/accept`, owner, { ...CONTACT, revision: 1 }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const orders = (await call("GET", `/api/companies/${companyId}/orders`, owner)).json<Order[]>();
    expect(orders).toHaveLength(1);
  });
});
