import type { Order, OrderChangePreview, Product } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers } from "../company/tables.js";
import { mailOutbox } from "../mail/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { linesOf } from "./queries/orders.js";

/**
 * Changing an order after it is placed (docs/decisions/072-order-changes.md), through the API:
 * the preview's old and new prices, the revision, every rule of placing checked again, and who may change what.
 * Two changes at once on one revision run truly concurrently in the suite's PostgreSQL run (TEST_DATABASE_URL).
 */
describe("changing an order", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  let account: ReturnType<typeof onAccountSteps>;
  let tools = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
    account = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const call = (url: string, who: TestAccount, payload?: object, method: "GET" | "POST" | "PATCH" = "POST") =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  /** A tool at $10 a piece (from 200 pieces $8), ordered 100 to 500 pieces in steps of 25. */
  async function tool(stock = 2000): Promise<Product> {
    tools += 1;
    const added = await call("/api/product", admin, {
      name: `Change Tool ${tools} ${Date.now()}`,
      price: 10,
      quantity: stock,
      description: "For the change tests.",
      image: "/images/x.webp",
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [{ minQuantity: 200, unitPrice: 8 }],
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call(`/api/product/${added.json().insertedId}`, admin, undefined, "GET")).json<Product>();
  }

  async function placed(who: TestAccount, product: Product, quantity = 100, paymentMethod = "card") {
    const order = await call("/api/ordering", who, { orderId: product._id, quantity, ...CONTACT, paymentMethod });
    expect(order.statusCode, order.body).toBe(201);
    return order.json().insertedId as string;
  }
  const read = async (who: TestAccount, id: string) =>
    (await call(`/api/ordering/${id}`, who, undefined, "GET")).json<Order>();
  const preview = (who: TestAccount, id: string, lines: object[]) =>
    call(`/api/ordering/${id}/changes/preview`, who, { lines });
  /** Previews, then applies on the revision and total the preview answered. */
  async function change(who: TestAccount, id: string, lines: object[]) {
    const seen = await preview(who, id, lines);
    if (seen.statusCode !== 200) return seen;
    const { revision, after } = seen.json<OrderChangePreview>();
    return call(`/api/ordering/${id}/changes`, who, { lines, revision, expectedTotal: after.total });
  }
  const stockOf = async (product: Product) =>
    (await call(`/api/product/${product._id}`, admin, undefined, "GET")).json<Product>().quantity;

  it("previews old and new prices per line, stores nothing, then applies on the revision", async () => {
    const buyer = await signUp(ctx.app);
    const [hammer, saw] = [await tool(), await tool()];
    const id = await placed(buyer, hammer);
    const lines = [
      { productId: hammer._id, quantity: 200 },
      { productId: saw._id, quantity: 100 },
    ];
    const seen = await preview(buyer, id, lines);
    expect(seen.statusCode, seen.body).toBe(200);
    const body = seen.json<OrderChangePreview>();
    expect(body.revision).toBe(0);
    // Its tier changes with its quantity: 200 pieces at $8.
    expect(body.lines).toEqual([
      expect.objectContaining({ change: "changed", oldQuantity: 100, quantity: 200, oldUnitPrice: 10, unitPrice: 8 }),
      expect.objectContaining({ change: "added", oldQuantity: 0, quantity: 100, oldUnitPrice: null, unitPrice: 10 }),
    ]);
    expect(body.before.total).toBe((await read(buyer, id)).price);
    expect(body.after.subtotal).toBe(2600);
    expect(body.difference).toBeCloseTo(body.after.total - body.before.total, 2);
    expect((await read(buyer, id)).quantity).toBe(100);

    const applied = await call(`/api/ordering/${id}/changes`, buyer, {
      lines,
      revision: 0,
      expectedTotal: body.after.total,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const order = applied.json<Order>();
    expect(order).toMatchObject({ quantity: 300, price: body.after.total, status: "unpaid" });
    const history = order.statusHistory.at(-1);
    expect(history?.kind).toBe("changed");
    expect(history?.note).toContain("Before: 100 ×");
    expect(history?.note).toContain("After: 200 ×");
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.template, "order-changed")));
    expect(mails).toHaveLength(1);

    // The same change again, on the revision it was made on: the order is on the next one now.
    const stale = await call(`/api/ordering/${id}/changes`, buyer, { lines, revision: 0, expectedTotal: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you read it/);
    // Removing a line: left out of the set.
    const removed = await change(buyer, id, [{ productId: saw._id, quantity: 125 }]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Order>()).toMatchObject({ quantity: 125, orderId: saw._id, price: 1250 });
  });

  it("refuses bad input naming the field, and a change of nothing", async () => {
    const buyer = await signUp(ctx.app);
    const hammer = await tool();
    const id = await placed(buyer, hammer);
    const offRule = await preview(buyer, id, [{ productId: hammer._id, quantity: 110 }]);
    expect(offRule.statusCode).toBe(400);
    expect(offRule.json().errors).toEqual([
      { field: "lines.0.quantity", message: expect.stringContaining("in steps of 25: 100 or 125") },
    ]);
    const nothing = await preview(buyer, id, [{ productId: hammer._id, quantity: 100 }]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors[0].field).toBe("lines");
    const none = await preview(buyer, id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe("lines");
    const zero = await preview(buyer, id, [{ productId: hammer._id, quantity: 0 }]);
    expect(zero.statusCode).toBe(400);
    const twice = await preview(buyer, id, [
      { productId: hammer._id, quantity: 125 },
      { productId: hammer._id, quantity: 150 },
    ]);
    expect(twice.json().errors[0].field).toBe("lines.1.productId");
    const noRevision = await call(`/api/ordering/${id}/changes`, buyer, {
      lines: [{ productId: hammer._id, quantity: 125 }],
    });
    expect(noRevision.statusCode).toBe(400);
    expect(noRevision.json().errors.map((error: { field: string }) => error.field)).toContain("revision");
    const wrongTotal = await call(`/api/ordering/${id}/changes`, buyer, {
      lines: [{ productId: hammer._id, quantity: 125 }],
      revision: 0,
      expectedTotal: 1,
    });
    expect(wrongTotal.statusCode).toBe(409);
    expect((await read(buyer, id)).quantity).toBe(100);
  });

  it("of two changes at once on one revision, one wins and the other is 409", async () => {
    const buyer = await signUp(ctx.app);
    const hammer = await tool();
    const id = await placed(buyer, hammer);
    const changeTo = async (quantity: number) => {
      const lines = [{ productId: hammer._id, quantity }];
      const { after } = (await preview(buyer, id, lines)).json<OrderChangePreview>();
      return { lines, revision: 0, expectedTotal: after.total };
    };
    const bodies = [await changeTo(125), await changeTo(150)];
    const answers = await Promise.all(bodies.map((body) => call(`/api/ordering/${id}/changes`, buyer, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const order = await read(buyer, id);
    expect([125, 150]).toContain(order.quantity);
    expect(order.statusHistory.filter((event) => event.kind === "changed")).toHaveLength(1);
  });

  it("answers 404 for another's order, and 409 for a shipped or cancelled one", async () => {
    const [buyer, stranger] = [await signUp(ctx.app), await signUp(ctx.app)];
    const hammer = await tool();
    const id = await placed(buyer, hammer);
    const lines = [{ productId: hammer._id, quantity: 125 }];
    expect((await preview(stranger, id, lines)).statusCode).toBe(404);
    expect(
      (await call(`/api/ordering/${id}/changes`, stranger, { lines, revision: 0, expectedTotal: 1250 })).statusCode,
    ).toBe(404);
    expect((await preview(admin, id, lines)).statusCode).toBe(404);

    const order = await read(buyer, id);
    await steps.pay(buyer, order);
    // A paid card order changes with its money (decision 076; change-money.test.ts), until it ships.
    expect((await preview(buyer, id, lines)).statusCode).toBe(200);
    const shipped = await call(`/api/admin/orders/${id}/ship`, admin, { carrier: "DHL", trackingNumber: "1" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await preview(buyer, id, lines)).json().message).toMatch(/left the warehouse/);

    const other = await placed(buyer, await tool());
    await call(`/api/ordering/${other}/cancel`, buyer);
    const cancelled = await preview(buyer, other, lines);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/cancelled order cannot be changed/i);
  });

  it("a card payment opened for the old total is released, never taken for the changed order", async () => {
    const buyer = await signUp(ctx.app);
    const hammer = await tool();
    const id = await placed(buyer, hammer);
    const before = await read(buyer, id);
    const intent = await call("/api/create-payment-intent", buyer, { orderId: id, price: before.price });
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await change(buyer, id, [{ productId: hammer._id, quantity: 150 }])).statusCode).toBe(200);
    const confirmed = await call("/api/payments/test/confirm", buyer, {
      clientSecret: intent.json().clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(confirmed.statusCode).not.toBe(200);
    expect(await read(buyer, id)).toMatchObject({ status: "unpaid", quantity: 150, paid: false });
    // Paying the changed order's total goes through.
    expect((await steps.pay(buyer, await read(buyer, id))).statusCode).toBe(200);
    expect((await read(buyer, id)).status).toBe("paid");
  });

  it("refuses a tool withdrawn, and one another open order of the buyer holds", async () => {
    const buyer = await signUp(ctx.app);
    const [hammer, saw, drill] = [await tool(), await tool(), await tool()];
    const id = await placed(buyer, hammer);
    await placed(buyer, saw);
    const held = await change(buyer, id, [
      { productId: hammer._id, quantity: 100 },
      { productId: saw._id, quantity: 100 },
    ]);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/pay or cancel it first/);
    const withdrawn = await ctx.app.inject({
      method: "DELETE",
      url: `/api/product/${drill._id}`,
      headers: bearer(admin.token),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    const gone = await preview(buyer, id, [{ productId: drill._id, quantity: 100 }]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toMatch(/no longer in the catalogue/);
  });

  it("on account: the credit used moves by the difference, over the limit is 409 naming by how much", async () => {
    const { buyer, companyId } = await account.companyOnAccount("Change Co");
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/companies/${companyId}`,
      headers: bearer(admin.token),
      payload: { paymentTerms: { netDays: 30, creditLimit: 3000 } },
    });
    const hammer = await tool(1000);
    const id = await placed(buyer, hammer, 100, "invoice");
    const used = async () =>
      (await call(`/api/companies/${companyId}/credit`, buyer, undefined, "GET")).json().used as number;
    const usedBefore = await used();
    expect(await stockOf(hammer)).toBe(900);

    const up = await change(buyer, id, [{ productId: hammer._id, quantity: 300 }]);
    expect(up.statusCode, up.body).toBe(200);
    const after = up.json<Order>();
    expect(await used()).toBeCloseTo(usedBefore + after.price - 1000, 2);
    // Its pieces follow the change: 300 set aside now, not 100.
    expect(await stockOf(hammer)).toBe(700);

    const over = await change(buyer, id, [{ productId: hammer._id, quantity: 500 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/\$/);
    expect((await read(buyer, id)).quantity).toBe(300);

    const down = await change(buyer, id, [{ productId: hammer._id, quantity: 100 }]);
    expect(down.statusCode, down.body).toBe(200);
    expect(await used()).toBeCloseTo(usedBefore, 2);
    expect(await stockOf(hammer)).toBe(900);
  });

  it("on account: short of stock is 409 and nothing moves", async () => {
    const { buyer } = await account.companyOnAccount("Short Co");
    const hammer = await tool(150);
    const id = await placed(buyer, hammer, 100, "invoice");
    const short = await change(buyer, id, [{ productId: hammer._id, quantity: 200 }]);
    expect(short.statusCode).toBe(409);
    expect(await stockOf(hammer)).toBe(50);
    expect((await read(buyer, id)).quantity).toBe(100);
  });

  it("on account: a tool that takes backorders takes what is there and the rest of a change waits", async () => {
    const { buyer } = await account.companyOnAccount("Backorder Co");
    const hammer = await tool(150);
    const set = await call(
      `/api/product/${hammer._id}`,
      admin,
      { backorders: { allowed: true, leadDays: 14 } },
      "PATCH",
    );
    expect(set.statusCode, set.body).toBe(200);
    const id = await placed(buyer, hammer, 100, "invoice");
    const up = await change(buyer, id, [{ productId: hammer._id, quantity: 200 }]);
    expect(up.statusCode, up.body).toBe(200);
    const [line] = await linesOf(ctx.db, id);
    expect({ quantity: line?.quantity, waiting: line?.waitingQuantity }).toEqual({ quantity: 200, waiting: 50 });
    expect(await stockOf(hammer)).toBe(0);
    const down = await change(buyer, id, [{ productId: hammer._id, quantity: 125 }]);
    expect(down.statusCode, down.body).toBe(200);
    const [after] = await linesOf(ctx.db, id);
    expect({ quantity: after?.quantity, waiting: after?.waitingQuantity }).toEqual({ quantity: 125, waiting: 0 });
    expect(await stockOf(hammer)).toBe(25);
  });

  it("a buyer's change over their monthly limit waits for an owner; one within it goes ahead", async () => {
    const { buyer, companyId } = await account.companyOnAccount("Limit Co");
    await ctx.db
      .update(companyMembers)
      .set({ monthlyLimitCents: 150_000 })
      .where(and(eq(companyMembers.email, buyer.email), eq(companyMembers.companyId, companyId)));
    const hammer = await tool();
    const id = await placed(buyer, hammer);
    const within = await change(buyer, id, [{ productId: hammer._id, quantity: 150 }]);
    expect(within.json<Order>().status).toBe("unpaid");
    const over = await preview(buyer, id, [{ productId: hammer._id, quantity: 250 }]);
    expect(over.json<OrderChangePreview>().waitsForApproval).toBe(true);
    const applied = await change(buyer, id, [{ productId: hammer._id, quantity: 250 }]);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Order>().status).toBe("awaiting-approval");
    expect(applied.json<Order>().statusHistory.at(-1)?.note).toMatch(/over the monthly limit of \$1,500\.00/);
  });

  it("a requester's change puts the order back to wait for an owner, its stock given back", async () => {
    const { buyer: owner, companyId, members } = await account.companyOnAccount("Wait Co", ["requester"]);
    await ctx.db
      .update(companyMembers)
      .set({ role: "owner" })
      .where(and(eq(companyMembers.email, owner.email), eq(companyMembers.companyId, companyId)));
    const [requester] = members;
    if (!requester) throw new Error("the company has a requester");
    const hammer = await tool(1000);
    const id = await placed(requester, hammer, 100, "invoice");
    const approved = await call(`/api/companies/${companyId}/orders/${id}/approve`, owner, { note: "ok" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stockOf(hammer)).toBe(900);

    const changed = await change(requester, id, [{ productId: hammer._id, quantity: 125 }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Order>().status).toBe("awaiting-approval");
    expect(await stockOf(hammer)).toBe(1000);
    const asked = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.template, "approval-requested")));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    // The owner's approval takes the stock of the changed lines.
    expect((await call(`/api/companies/${companyId}/orders/${id}/approve`, owner, { note: "ok" })).statusCode).toBe(
      200,
    );
    expect(await stockOf(hammer)).toBe(875);
  });
});
