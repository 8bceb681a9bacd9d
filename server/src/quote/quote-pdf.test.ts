import { dayInWords, type Product, type Quote } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../company/queries/members.js";
import { companies } from "../company/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";
import { quotes } from "./tables.js";

/** The last day the quotes here hold, a month ahead (a quote holds a year at most). */
const LAST = new Date(Date.now() + 30 * 86_400_000);
const LAST_DAY = LAST.toISOString().slice(0, 10);

const SELLER = {
  SHOP_NAME: "Forgeline Tools Ltd",
  SHOP_ADDRESS: "1 Anvil Road, Sheffield S1 2AB, United Kingdom",
  SHOP_TAX_ID: "GB123456789",
};

/** A quote's PDF (docs/SELLING-TO-BUSINESSES.md, 'Quotes'), read as text, and who may download it. */
describe("a quote's PDF", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { ...SELLER, SHOP_TAX_RATE: "8.875" } });
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, who: TestAccount | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const pdfOf = (id: string, who: TestAccount | null) => call("GET", `/api/quotes/${id}/pdf`, who);

  async function newTool(name: string): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `${name} ${tools}`,
      price: 10,
      quantity: 1000,
      description: "For the quote PDF tests.",
      image: "/images/x.webp",
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  /** A quote of two tools (150 and 120 pieces) asked by `buyer`, priced by the admin when `prices` are given. */
  async function quoteOf(buyer: TestAccount, prices?: [number, number]) {
    const [a, b] = [await newTool("Claw Hammer"), await newTool("Tape Measure")] as [Product, Product];
    await call("PUT", `/api/cart/lines/${a._id}`, buyer, { quantity: 150 });
    await call("PUT", `/api/cart/lines/${b._id}`, buyer, { quantity: 120 });
    const asked = await call("POST", "/api/quotes", buyer, { note: "Best price?" });
    expect(asked.statusCode, asked.body).toBe(201);
    const id: string = asked.json().insertedId;
    if (prices) {
      const sent = await call("POST", `/api/admin/quotes/${id}/send`, admin, {
        lines: [
          { productId: a._id, unitPrice: prices[0] },
          { productId: b._id, unitPrice: prices[1] },
        ],
        expiresAt: `${LAST_DAY}T23:59:00Z`,
        note: "Held for the season.",
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    return { id, a, b };
  }

  it("names the seller, the buyer, each line at its quoted price, the total and until when prices hold", async () => {
    const buyer = await signUp(ctx.app, { name: "Quinn Quoted", confirmed: true });
    const { id, a, b } = await quoteOf(buyer, [8.33, 7.17]);
    const answer = await pdfOf(id, buyer);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="quote-${id.slice(0, 8)}.pdf"`);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const text = await pdfText(answer.rawPayload);
    const quote = (await call("GET", `/api/quotes/${id}`, buyer)).json<Quote>();
    // 150 × $8.33 = $1,249.50 and 120 × $7.17 = $860.40: $2,109.90, tax 8.875% $187.25, total $2,297.15.
    for (const words of [
      `Quote for ${a.name} + 1 more`,
      `Date: ${dayInWords(quote.sentAt ?? "")}`,
      `Valid until: ${dayInWords(LAST)}, 23:59 UTC`,
      "Seller Forgeline Tools Ltd 1 Anvil Road, Sheffield S1 2AB, United Kingdom Tax ID: GB123456789",
      `Quoted for Quinn Quoted ${buyer.email}`,
      `${a.name} (${a.sku}) 150 $8.33 $1,249.50`,
      `${b.name} (${b.sku}) 120 $7.17 $860.40`,
      "Subtotal $2,109.90",
      "Tax (8.875%) $187.25",
      "Total $2,297.15",
      `The prices quoted hold until ${dayInWords(LAST)}, 23:59 UTC.`,
      "Note from Forgeline Tools Ltd: Held for the season.",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("is the company's document for its members, tax-exempt as the company is; 404 to an outsider", async () => {
    const owner = await signUp(ctx.app, { name: "Olga Owner", confirmed: true });
    const colleague = await signUp(ctx.app, { confirmed: true });
    const made = await call("POST", "/api/companies", owner, { name: "Quote Works", taxId: "US-55-1234567" });
    const companyId: string = made.json().insertedId;
    await addMember(ctx.db, { companyId, email: colleague.email, role: "requester" });
    await ctx.db.update(companies).set({ taxExempt: true }).where(eq(companies.id, companyId));
    const { id } = await quoteOf(owner, [10, 5]);

    const text = await pdfText((await pdfOf(id, colleague)).rawPayload);
    expect(text).toContain(`Quoted for Quote Works Tax ID: US-55-1234567 Olga Owner ${owner.email}`);
    expect(text).toContain("Tax: none, the buyer is tax-exempt $0.00 Total $2,100.00");
    expect(text).not.toContain("Tax (");

    const outsider = await signUp(ctx.app);
    const refused = await pdfOf(id, outsider);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Quote not found");
    expect((await pdfOf("00000000-0000-4000-8000-000000000000", owner)).statusCode).toBe(404);
    expect((await pdfOf("not-a-quote", owner)).statusCode).toBe(400);
    expect((await pdfOf(id, null)).statusCode).toBe(401);
  });

  it("is the admins' on their own route; buyers' route is not theirs, nor theirs the buyers'", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const { id, a } = await quoteOf(buyer, [9, 9]);
    const answer = await call("GET", `/api/admin/quotes/${id}/pdf`, admin);
    expect(answer.statusCode).toBe(200);
    expect(await pdfText(answer.rawPayload)).toContain(`${a.name} (${a.sku}) 150 $9.00 $1,350.00`);
    expect((await pdfOf(id, admin)).statusCode).toBe(403);
    expect((await call("GET", `/api/admin/quotes/${id}/pdf`, buyer)).statusCode).toBe(403);
    const unknown = await call("GET", "/api/admin/quotes/00000000-0000-4000-8000-000000000000/pdf", admin);
    expect(unknown.statusCode).toBe(404);
  });

  it("waits for prices (409), then says what became of the quote: expired, accepted", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const waiting = await quoteOf(buyer);
    const early = await pdfOf(waiting.id, buyer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("This quote has no prices yet: its PDF is ready once we have priced it.");

    const { id } = await quoteOf(buyer, [8, 8]);
    await ctx.db
      .update(quotes)
      .set({ expiresAt: new Date("2025-01-31T23:59:00Z") })
      .where(eq(quotes.id, id));
    expect(await pdfText((await pdfOf(id, buyer)).rawPayload)).toContain(
      "This quote expired on 31 January 2025, 23:59 UTC: its prices no longer hold.",
    );

    const taken = await quoteOf(buyer, [7, 7]);
    const accepted = await call("POST", `/api/quotes/${taken.id}/accept`, buyer, { ...CONTACT, revision: 1 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const text = await pdfText((await pdfOf(taken.id, buyer)).rawPayload);
    expect(text).toContain(`Accepted on ${dayInWords(new Date())}: the order was placed at these prices.`);
  });
});
