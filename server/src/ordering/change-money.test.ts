import { ORDER_CHANGE_MESSAGES, type Order, type OrderChangePreview, type Product } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers } from "../company/tables.js";
import { mailOutbox } from "../mail/tables.js";
import { paymentIntents, paymentRefunds } from "../payment/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT, orderSteps, VISA } from "../test/orders.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

/**
 * The money of a change of a card order paid (docs/decisions/076-the-money-of-a-changed-order.md), through the API:
 * costing more it owes the difference (`partially-paid`), ships only once that is paid through the balance payment,
 * and is paid again; costing less, the difference goes back to the card through the provider, once; a requester's
 * change of a paid order is refused; the company's owners hear of a change. PGlite and PostgreSQL alike.
 */
describe("the money of a changed card order", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  let account: ReturnType<typeof onAccountSteps>;
  let warehouse: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
    account = onAccountSteps(ctx, admin);
    warehouse = (await stockSteps(ctx.app, admin).warehouses())[0]?._id ?? "";
  });
  afterAll(() => ctx.close());

  const call = (url: string, who: TestAccount, payload?: object, method: "GET" | "POST" = "POST") =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  /** A tool at $10 a piece (from 200 pieces $8), ordered 100 to 500 pieces in steps of 25. */
  const tool = (stock = 2000) =>
    steps.newTool(stock, {
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [{ minQuantity: 200, unitPrice: 8 }],
    });
  const read = async (who: TestAccount, id: string) =>
    (await call(`/api/ordering/${id}`, who, undefined, "GET")).json<Order>();
  const stockOf = async (product: Product) =>
    (await call(`/api/product/${product._id}`, admin, undefined, "GET")).json<Product>().quantity;

  /** An order of `quantity` pieces placed by card and paid with the test card. */
  async function paidOrder(who: TestAccount, product: Product, quantity: number): Promise<Order> {
    const placed = await call("/api/ordering", who, { orderId: product._id, quantity, ...CONTACT });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await read(who, placed.json().insertedId);
    expect((await steps.pay(who, order)).statusCode).toBe(200);
    return read(who, order._id);
  }
  const preview = (who: TestAccount, id: string, lines: object[]) =>
    call(`/api/ordering/${id}/changes/preview`, who, { lines });
  /** Previews, then applies on the revision and total the preview answered; answers both. */
  async function change(who: TestAccount, id: string, lines: object[]) {
    const seen = await preview(who, id, lines);
    expect(seen.statusCode, seen.body).toBe(200);
    const previewed = seen.json<OrderChangePreview>();
    const applied = await call(`/api/ordering/${id}/changes`, who, {
      lines,
      revision: previewed.revision,
      expectedTotal: previewed.after.total,
    });
    return { previewed, applied };
  }
  /** Pays what the order owes through the balance payment, as its page does; answers the confirmation. */
  async function payBalance(who: TestAccount, id: string) {
    const opened = await call(`/api/payments/${id}/balance-intent`, who);
    expect(opened.statusCode, opened.body).toBe(200);
    const { clientSecret, amount } = opened.json<{ clientSecret: string; amount: number }>();
    return { amount, confirmed: await call("/api/payments/test/confirm", who, { clientSecret, ...VISA }) };
  }
  const refundsOf = async (orderId: string) =>
    ctx.db
      .select({ amountCents: paymentRefunds.amountCents, reason: paymentRefunds.reason })
      .from(paymentRefunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.intentId))
      .where(eq(paymentIntents.orderId, orderId));
  const ship = (id: string) => call(`/api/admin/orders/${id}/ship`, admin, { carrier: "DHL", trackingNumber: "1" });

  it("costing more, a paid order owes the difference, ships only once it is paid through the balance payment", async () => {
    const buyer = await signUp(ctx.app);
    const hammer = await tool(1000);
    const paid = await paidOrder(buyer, hammer, 100);
    expect(paid.actions).toContain("change:order");
    expect(await stockOf(hammer)).toBe(900);

    const { previewed, applied } = await change(buyer, paid._id, [{ productId: hammer._id, quantity: 150 }]);
    const owed = previewed.after.total - paid.price;
    expect(owed).toBeGreaterThan(0);
    expect(previewed.money).toEqual({ owed, refunded: 0 });
    expect(applied.statusCode, applied.body).toBe(200);
    const owing = applied.json<Order>();
    expect(owing).toMatchObject({
      paymentStatus: "partially-paid",
      fulfilmentStatus: "open",
      amountPaid: paid.price,
      balance: owed,
      paid: false,
    });
    expect(owing.actions).toEqual(expect.arrayContaining(["pay:order", "change:order"]));
    expect(owing.statusHistory.at(-1)?.note).toMatch(/It owes \$[\d,.]+ beyond what was paid/);
    // The stock moved by the difference of the pieces, as on account.
    expect(await stockOf(hammer)).toBe(850);

    // It ships once paid: Ship and Ship part are refused while it owes.
    const refused = await ship(paid._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_CHANGE_MESSAGES.owesDifference);
    const part = await call(`/api/admin/orders/${paid._id}/shipments`, admin, {
      carrier: "DHL",
      trackingNumber: "2",
      warehouseId: warehouse,
      lines: [{ productId: hammer._id, quantity: 50 }],
    });
    expect(part.statusCode, part.body).toBe(409);
    expect(part.json().message).toBe(ORDER_CHANGE_MESSAGES.owesDifference);
    // Its total is not what is paid now: only the balance payment takes its difference.
    const whole = await call("/api/create-payment-intent", buyer, { orderId: paid._id, price: owing.price });
    expect(whole.statusCode).toBe(409);

    const { amount, confirmed } = await payBalance(buyer, paid._id);
    expect(amount).toBe(owed);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const settled = await read(buyer, paid._id);
    expect(settled).toMatchObject({ paymentStatus: "paid", status: "paid", paid: true, balance: 0 });
    expect(settled.amountPaid).toBe(settled.price);
    expect(settled.moneyMovements?.map((movement) => [movement.kind, movement.amount])).toEqual([
      ["payment", paid.price],
      ["payment", owed],
    ]);
    // No stock moves with the difference: the change took it.
    expect(await stockOf(hammer)).toBe(850);
    expect((await call(`/api/payments/${paid._id}/balance-intent`, buyer)).statusCode).toBe(409);
    expect((await ship(paid._id)).statusCode).toBe(200);
  });

  it("costing less, the difference goes back to the card through the provider, exactly and once", async () => {
    const buyer = await signUp(ctx.app);
    const saw = await tool(1000);
    const paid = await paidOrder(buyer, saw, 150);
    const { previewed, applied } = await change(buyer, paid._id, [{ productId: saw._id, quantity: 100 }]);
    const refunded = Math.round((paid.price - previewed.after.total) * 100) / 100;
    expect(previewed.money).toEqual({ owed: 0, refunded });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await refundsOf(paid._id)).toEqual([{ amountCents: Math.round(refunded * 100), reason: "order-changed" }]);
    const after = await read(buyer, paid._id);
    expect(after).toMatchObject({
      paymentStatus: "paid",
      status: "paid",
      balance: 0,
      amountPaid: previewed.after.total,
    });
    expect(after.moneyMovements?.map((movement) => [movement.kind, movement.amount])).toEqual([
      ["payment", paid.price],
      ["refund", refunded],
    ]);
    expect(await stockOf(saw)).toBe(900);
    // The shop's refund of the whole order gives back what the payment still holds, not its first amount.
    const whole = await call(`/api/admin/orders/${paid._id}/refund`, admin, { restock: true });
    expect(whole.statusCode, whole.body).toBe(200);
    const refunds = await refundsOf(paid._id);
    expect(refunds.reduce((sum, each) => sum + each.amountCents, 0)).toBe(Math.round(paid.price * 100));
  });

  it("an order that owes changes again: down to what was paid it is paid again, the rest refunded", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await tool(1000);
    const paid = await paidOrder(buyer, drill, 125);
    // 125 → 250 pieces (the tier: $8): it owes; then 250 → 100: below what was paid.
    const up = await change(buyer, paid._id, [{ productId: drill._id, quantity: 250 }]);
    expect(up.applied.json<Order>().paymentStatus).toBe("partially-paid");
    const opened = await call(`/api/payments/${paid._id}/balance-intent`, buyer);
    expect(opened.statusCode).toBe(200);
    const down = await change(buyer, paid._id, [{ productId: drill._id, quantity: 100 }]);
    const refunded = Math.round((paid.price - down.previewed.after.total) * 100) / 100;
    expect(down.previewed.money).toEqual({ owed: 0, refunded });
    expect(down.applied.json<Order>()).toMatchObject({ paymentStatus: "paid", balance: 0 });
    expect(await refundsOf(paid._id)).toEqual([{ amountCents: Math.round(refunded * 100), reason: "order-changed" }]);
    // The payment opened for what it owed before is not taken now.
    const late = await call("/api/payments/test/confirm", buyer, { clientSecret: opened.json().clientSecret, ...VISA });
    expect(late.statusCode).toBe(409);
    expect((await read(buyer, paid._id)).amountPaid).toBe(down.previewed.after.total);
  });

  it("a requester's change of a paid order is refused; the owners hear of a change of the company's order", async () => {
    const { buyer, companyId, members } = await account.companyOnAccount("Paid Change Co", ["requester", "owner"]);
    const [requester, owner] = members;
    if (!requester || !owner) throw new Error("the company has a requester and an owner");
    const hammer = await tool();
    const placed = await call("/api/ordering", requester, { orderId: hammer._id, quantity: 100, ...CONTACT });
    expect(placed.statusCode, placed.body).toBe(201);
    const id: string = placed.json().insertedId;
    const approved = await call(`/api/companies/${companyId}/orders/${id}/approve`, owner, { note: "ok" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await steps.pay(buyer, await read(buyer, id))).statusCode).toBe(200);

    expect((await read(requester, id)).actions).not.toContain("change:order");
    const refused = await preview(requester, id, [{ productId: hammer._id, quantity: 125 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_CHANGE_MESSAGES.paidCannotWait);

    // The company's buyer changes it: it goes ahead, and the owners are mailed what changed.
    const { applied } = await change(buyer, id, [{ productId: hammer._id, quantity: 125 }]);
    expect(applied.statusCode, applied.body).toBe(200);
    const mailed = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.template, "order-changed")));
    expect(mailed).toHaveLength(1);
    expect(JSON.stringify(mailed[0]?.data)).toContain("owes");
  });

  it("a buyer's change of a paid order over their monthly limit is refused: a paid order cannot wait", async () => {
    const { buyer, companyId } = await account.companyOnAccount("Paid Limit Co");
    const hammer = await tool();
    const paid = await paidOrder(buyer, hammer, 100);
    await ctx.db
      .update(companyMembers)
      .set({ monthlyLimitCents: 100 })
      .where(and(eq(companyMembers.email, buyer.email), eq(companyMembers.companyId, companyId)));
    const over = await preview(buyer, paid._id, [{ productId: hammer._id, quantity: 200 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ORDER_CHANGE_MESSAGES.paidCannotWait);
    expect(await read(buyer, paid._id)).toMatchObject({ paymentStatus: "paid", quantity: 100 });
  });
});
