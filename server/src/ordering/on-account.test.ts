import type { AuditEntry, Company, CompanyCredit, CompanyRole, Order, Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { accountInvoices } from "./money-tables.js";
import { orders } from "./tables.js";

/**
 * Buying on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): terms set by an admin, the choice at every
 * way of ordering, the credit checked under the company's lock at placing and again at approval, the hold, and
 * stock set aside for an order that ships unpaid. Two checkouts at once run truly concurrently in the suite's
 * PostgreSQL run (TEST_DATABASE_URL), where one connection each can interleave.
 */
describe("buying on account", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  let tools = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, who: TestAccount | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  /** A tool at $10 a piece with `stock` pieces: 100 of them cost $1,000. */
  async function newTool(stock = 1000): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Account Tool ${tools}`,
      price: 10,
      quantity: stock,
      description: "For the account tests.",
      image: "/images/x.webp",
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  async function company(members: [TestAccount, CompanyRole][]) {
    const [created] = await ctx.db
      .insert(companies)
      .values({ name: "Ledger Works", createdBy: members[0]?.[0].email ?? "" })
      .returning();
    const companyId = created?.id ?? "";
    await ctx.db
      .insert(companyMembers)
      .values(members.map(([member, role]) => ({ email: member.email, companyId, role })));
    return companyId;
  }

  const giveTerms = (companyId: string, paymentTerms: { netDays: number; creditLimit: number } | null) =>
    call("PATCH", `/api/admin/companies/${companyId}`, admin, { paymentTerms });
  const credit = async (who: TestAccount, companyId: string) =>
    (await call("GET", `/api/companies/${companyId}/credit`, who)).json<CompanyCredit>();
  const orderOnAccount = (who: TestAccount, tool: Product, quantity = 100) =>
    call("POST", "/api/ordering", who, { orderId: tool._id, quantity, ...CONTACT, paymentMethod: "invoice" });
  const orderOf = async (who: TestAccount, id: string) => (await call("GET", `/api/ordering/${id}`, who)).json<Order>();
  const stockOf = async (tool: Product) =>
    (await call("GET", `/api/product/${tool._id}`, null)).json<Product>().quantity;

  it("an admin gives a company terms (audited), checks them, and takes them away", async () => {
    const owner = await signUp(ctx.app);
    const companyId = await company([[owner, "owner"]]);
    const given = await giveTerms(companyId, { netDays: 30, creditLimit: 5000 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<Company>().paymentTerms).toEqual({ netDays: 30, creditLimit: 5000 });
    expect((await call("GET", "/api/companies/mine", owner)).json<Company>().paymentTerms).toEqual({
      netDays: 30,
      creditLimit: 5000,
    });
    const audit = (await call("GET", "/api/admin/audit", admin)).json<AuditEntry[]>();
    expect(audit.find((entry) => entry.target === companyId)).toMatchObject({
      action: "company.terms",
      actor: admin.email,
      before: { paymentTerms: null },
      after: { paymentTerms: { netDays: 30, creditLimit: 5000 } },
    });

    for (const [paymentTerms, field] of [
      [{ netDays: 31, creditLimit: 5000 }, "paymentTerms.netDays"],
      [{ netDays: 30, creditLimit: -1 }, "paymentTerms.creditLimit"],
      [{ netDays: 30, creditLimit: 10.005 }, "paymentTerms.creditLimit"],
    ] as const) {
      const bad = await call("PATCH", `/api/admin/companies/${companyId}`, admin, { paymentTerms });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
    }
    expect((await credit(owner, companyId)).paymentTerms).toEqual({ netDays: 30, creditLimit: 5000 });
    expect((await giveTerms("00000000-0000-4000-8000-000000000000", null)).statusCode).toBe(404);
    expect((await giveTerms(companyId, null)).json<Company>().paymentTerms).toBeNull();
  });

  it("places an order on account unpaid, sets its stock aside, and counts it against the credit", async () => {
    const buyer = await signUp(ctx.app);
    const companyId = await company([[buyer, "buyer"]]);
    await giveTerms(companyId, { netDays: 30, creditLimit: 2500 });
    const tool = await newTool(500);
    const placed = await orderOnAccount(buyer, tool, 150);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await orderOf(buyer, placed.json().insertedId);
    expect(order).toMatchObject({
      status: "unpaid",
      fulfilmentStatus: "open",
      paymentStatus: "unpaid",
      paymentMethod: "invoice",
      netDays: 30,
      balance: 1500,
      amountPaid: 0,
      invoice: null,
    });
    // It ships unpaid, so nobody pays it by card; its pieces are set aside already.
    expect(order.actions).not.toContain("pay:order");
    expect(await stockOf(tool)).toBe(350);
    expect(await credit(buyer, companyId)).toEqual({
      paymentTerms: { netDays: 30, creditLimit: 2500 },
      used: 1500,
      available: 1000,
      hold: null,
    });

    // Over the limit: 409 with the credit left, nothing placed, no stock taken.
    const other = await newTool(500);
    const over = await orderOnAccount(buyer, other, 150);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      "This order is $500.00 over your company's credit ($1,000.00 left): pay by card, remove lines, or ask for a quote.",
    );
    expect(await stockOf(other)).toBe(500);
    // By card it goes through, and takes no credit.
    const byCard = await call("POST", "/api/ordering", buyer, { orderId: other._id, quantity: 150, ...CONTACT });
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect((await credit(buyer, companyId)).used).toBe(1500);

    // Cancelling frees the credit and gives the pieces back.
    const cancelled = await call("POST", `/api/ordering/${order._id}/cancel`, buyer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(tool)).toBe(500);
    expect(await credit(buyer, companyId)).toMatchObject({ used: 0, available: 2500 });
    expect((await orderOf(buyer, order._id)).balance).toBe(0);
  });

  it("the admins' To ship list holds exactly the paid card orders and the open orders on account", async () => {
    const buyer = await signUp(ctx.app);
    const companyId = await company([[buyer, "buyer"]]);
    await giveTerms(companyId, { netDays: 30, creditLimit: 10_000 });
    const onAccount = (await orderOnAccount(buyer, await newTool())).json().insertedId;
    const unpaidCard = await steps.placeOrder(buyer, await newTool(), 100);
    const paidCard = await steps.paidOrder(buyer, await newTool());
    const shipped = await steps.paidOrder(buyer, await newTool());
    const ship = await call("POST", `/api/admin/orders/${shipped._id}/ship`, admin, {
      carrier: "DHL",
      trackingNumber: "7",
    });
    expect(ship.statusCode, ship.body).toBe(200);

    const q = encodeURIComponent(buyer.email);
    const toShip = await call("GET", `/api/admin/orders?status=to-ship&q=${q}`, admin);
    expect(toShip.statusCode, toShip.body).toBe(200);
    expect(toShip.json<Order[]>().map((order) => order._id)).toEqual([paidCard._id, onAccount]);
    expect(toShip.headers["x-total-count"]).toBe("2");
    const counts = (await call("GET", `/api/admin/orders/counts?q=${q}`, admin)).json();
    expect(counts).toMatchObject({ all: 4, "to-ship": 2, unpaid: 2, paid: 1, shipped: 1 });
    expect(unpaidCard.status).toBe("unpaid");
    // The overview's figure counts the same orders (every buyer's, so compare it with the list's total).
    const everyone = await call("GET", "/api/admin/orders?status=to-ship&limit=1", admin);
    const stats = (await call("GET", "/api/admin/stats", admin)).json<{ ordersToShip: number }>();
    expect(stats.ordersToShip).toBe(Number(everyone.headers["x-total-count"]));
    expect((await call("GET", "/api/admin/orders?status=to-be-shipped", admin)).statusCode).toBe(400);
  });

  it("refuses invoice to a customer without terms, and keeps an outsider out of the company's credit", async () => {
    const loner = await signUp(ctx.app);
    const refused = await orderOnAccount(loner, await newTool());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Your company does not buy on account");
    const member = await signUp(ctx.app);
    const companyId = await company([[member, "owner"]]);
    expect((await orderOnAccount(member, await newTool())).json().message).toBe("Your company does not buy on account");
    expect((await call("GET", `/api/companies/${companyId}/credit`, loner)).statusCode).toBe(404);
    const bad = await call("POST", "/api/ordering", member, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...CONTACT,
      paymentMethod: "cheque",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: "paymentMethod", message: "Choose how to pay: card or invoice" });
  });

  it("checks a requester's order on account again when an owner approves it", async () => {
    const [owner, buyer, requester] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const companyId = await company([
      [owner, "owner"],
      [buyer, "buyer"],
      [requester, "requester"],
    ]);
    await giveTerms(companyId, { netDays: 15, creditLimit: 3000 });
    const tool = await newTool(1000);
    const waiting = await orderOnAccount(requester, tool, 200);
    expect(waiting.json().status).toBe("awaiting-approval");
    // A waiting order counts against the credit, but holds no stock until it goes ahead.
    expect(await stockOf(tool)).toBe(1000);
    expect((await credit(owner, companyId)).used).toBe(2000);
    expect((await call("GET", `/api/companies/${companyId}/credit`, requester)).statusCode).toBe(403);
    // Over the credit left, a requester is told so without the company's figures, which are not theirs to read.
    const tooMuch = await orderOnAccount(requester, await newTool(), 150);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(
      "This order is over what your company may still owe on account: order less, or ask an owner of your company.",
    );

    // The admin lowers the limit below what is used: the waiting order stays, but its approval is refused.
    await giveTerms(companyId, { netDays: 15, creditLimit: 1500 });
    const id = waiting.json().insertedId;
    const refused = await call("POST", `/api/companies/${companyId}/orders/${id}/approve`, owner, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This order is $500.00 over your company's credit ($0.00 left): pay by card, remove lines, or ask for a quote.",
    );
    expect((await orderOf(owner, id)).status).toBe("awaiting-approval");
    expect(await stockOf(tool)).toBe(1000);

    await giveTerms(companyId, { netDays: 15, creditLimit: 3000 });
    const approved = await call("POST", `/api/companies/${companyId}/orders/${id}/approve`, owner, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await orderOf(owner, id)).toMatchObject({ status: "unpaid", paymentMethod: "invoice", netDays: 15 });
    expect(await stockOf(tool)).toBe(800);
  });

  it("shows a requester their own order's money and invoice; a colleague's order without it, nor the limit", async () => {
    const [owner, buyer, requester] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const companyId = await company([
      [owner, "owner"],
      [buyer, "buyer"],
      [requester, "requester"],
    ]);
    await giveTerms(companyId, { netDays: 30, creditLimit: 5000 });
    const ship = (id: string) =>
      call("POST", `/api/admin/orders/${id}/ship`, admin, { carrier: "DHL", trackingNumber: "1" });
    const colleagues: string = (await orderOnAccount(buyer, await newTool())).json().insertedId;
    const own: string = (await orderOnAccount(requester, await newTool())).json().insertedId;
    const approved = await call("POST", `/api/companies/${companyId}/orders/${own}/approve`, owner, {});
    expect(approved.statusCode, approved.body).toBe(200);
    for (const id of [colleagues, own]) expect((await ship(id)).statusCode).toBe(200);

    // Their own order: what it owes, and its invoice.
    expect(await orderOf(requester, own)).toMatchObject({ balance: 1000, amountPaid: 0, credited: 0, overdue: false });
    expect((await call("GET", `/api/ordering/${own}/invoice`, requester)).statusCode).toBe(200);
    // A colleague's: what was ordered and where it is, not what the company owes on it, nor its documents (404).
    const moneyOf = (order: Order) =>
      ["amountPaid", "credited", "creditNotes", "moneyMovements", "balance", "creditable", "overdue"].filter(
        (field) => field in order,
      );
    const seen = await orderOf(requester, colleagues);
    expect({ status: seen.status, price: seen.price, money: moneyOf(seen) }).toEqual({
      status: "shipped",
      price: 1000,
      money: [],
    });
    const listed = (await call("GET", `/api/companies/${companyId}/orders`, requester)).json<Order[]>();
    expect(listed.map((order) => [order._id, moneyOf(order).length])).toEqual([
      [own, 7],
      [colleagues, 0],
    ]);
    expect((await call("GET", `/api/ordering/${colleagues}/invoice`, requester)).statusCode).toBe(404);
    // The company's terms, without its limit; an owner reads both.
    const terms = async (who: TestAccount) =>
      (await call("GET", `/api/companies/${companyId}`, who)).json<Company>().paymentTerms;
    expect(await terms(requester)).toEqual({ netDays: 30 });
    expect(await terms(owner)).toEqual({ netDays: 30, creditLimit: 5000 });
    expect(moneyOf(await orderOf(owner, colleagues))).toHaveLength(7);
  });

  it("holds new orders on account while an invoice is more than 30 days overdue; card still works", async () => {
    const buyer = await signUp(ctx.app);
    const companyId = await company([[buyer, "buyer"]]);
    await giveTerms(companyId, { netDays: 30, creditLimit: 100_000 });
    const first = await orderOnAccount(buyer, await newTool());
    const id = first.json().insertedId;
    const shipped = await call("POST", `/api/admin/orders/${id}/ship`, admin, {
      carrier: "DHL",
      trackingNumber: "00340434",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // Its invoice fell due 31 days ago.
    const invoiceNumber = shipped.json<Order>().invoiceNumber ?? "";
    const due = new Date(Date.now() - 31 * 86_400_000);
    await ctx.db.update(orders).set({ invoiceDueAt: due }).where(eq(orders.id, id));
    await ctx.db.update(accountInvoices).set({ dueAt: due }).where(eq(accountInvoices.orderId, id));
    const held = await orderOnAccount(buyer, await newTool());
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      `Invoice ${invoiceNumber} is more than 30 days overdue: pay it before ordering on account again, or pay this order by card`,
    );
    expect((await credit(buyer, companyId)).hold).toMatchObject({ invoiceNumber });
    const byCard = await call("POST", "/api/ordering", buyer, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...CONTACT,
    });
    expect(byCard.statusCode).toBe(201);
  });

  it("accepts a quote on account at the quoted prices, within the credit", async () => {
    const buyer = await signUp(ctx.app, { confirmed: true });
    const companyId = await company([[buyer, "owner"]]);
    await giveTerms(companyId, { netDays: 45, creditLimit: 1000 });
    const tool = await newTool();
    await call("PUT", `/api/cart/lines/${tool._id}`, buyer, { quantity: 150 });
    const asked = await call("POST", "/api/quotes", buyer, { note: "On account, please" });
    const id = asked.json().insertedId;
    const sent = await call("POST", `/api/admin/quotes/${id}/send`, admin, {
      lines: [{ productId: tool._id, unitPrice: 6 }],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const accepted = await call("POST", `/api/quotes/${id}/accept`, buyer, {
      ...CONTACT,
      revision: 1,
      paymentMethod: "invoice",
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = await orderOf(buyer, accepted.json().insertedId);
    expect(order).toMatchObject({ paymentMethod: "invoice", netDays: 45, balance: order.price });
    expect((await credit(buyer, companyId)).used).toBe(order.price);
  });

  it("of two checkouts at once against the last credit, exactly one fits", async () => {
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    const companyId = await company([
      [first, "buyer"],
      [second, "buyer"],
    ]);
    await giveTerms(companyId, { netDays: 30, creditLimit: 1500 });
    const [one, two] = [await newTool(), await newTool()];
    const answers = await Promise.all([orderOnAccount(first, one), orderOnAccount(second, two)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await credit(first, companyId)).used).toBe(1000);
  });
});
