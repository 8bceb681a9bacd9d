import type { Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../db/errors.js";
import { orders } from "../ordering/tables.js";
import { products } from "../product/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { setStockOnHand } from "../test/stock.js";
import { createTestApp } from "../test/test-app.js";
import { refundIntent } from "./refund.js";
import { paymentIntents, paymentRefunds } from "./tables.js";
import { testPaymentProvider } from "./test-provider.js";

const VISA = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

describe("card payment with the built-in test provider", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let buyer: TestAccount;
  let other: TestAccount;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    buyer = await signUp(ctx.app);
    other = await signUp(ctx.app);
    catalogue = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>();
  });
  afterAll(() => ctx.close());

  const productNamed = (text: string) => catalogue.find((product) => product.name.includes(text)) as Product;
  const stockOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.quantity;
  const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
  const intentRows = (orderId: string) =>
    ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId));

  async function placeOrder(account: TestAccount, product: Product, quantity = 120) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/ordering",
      headers: bearer(account.token),
      payload: { orderId: product._id, quantity, phone: "5550100000", address: "1 Yard Road" },
    });
    const order = await orderRow(response.json().insertedId);
    if (!order) throw new Error(`no order: ${response.body}`);
    return order;
  }
  const intent = (account: TestAccount, orderId: string, price: number) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: bearer(account.token),
      payload: { orderId, price },
    });
  const reconcile = (account: TestAccount, orderId: string) =>
    ctx.app.inject({ method: "POST", url: `/api/payments/${orderId}/reconcile`, headers: bearer(account.token) });
  const confirm = (account: TestAccount, clientSecret: string, card = VISA) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/payments/test/confirm",
      headers: bearer(account.token),
      payload: { clientSecret, ...card },
    });

  it("pays with 4242 4242 4242 4242: the order is paid with its transaction id and the stock drops", async () => {
    const hammer = productNamed("Claw Hammer");
    const stockBefore = await stockOf(hammer._id);
    const order = await placeOrder(buyer, hammer, 150);
    const created = await intent(buyer, order.id, order.totalCents / 100);
    expect(created.statusCode).toBe(200);
    const { clientSecret } = created.json();
    const paid = await confirm(buyer, clientSecret);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: "succeeded", transactionId: expect.stringMatching(/^pi_test_/) });
    expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: paid.json().transactionId });
    expect(await stockOf(hammer._id)).toBe((stockBefore ?? 0) - 150);
    const listed = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>();
    expect(listed.find((product) => product._id === hammer._id)?.quantity).toBe((stockBefore ?? 0) - 150);

    const view = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${order.id}`,
      headers: bearer(buyer.token),
    });
    expect(view.json()).toMatchObject({ paid: true, transactionId: paid.json().transactionId });
  });

  it.each([
    ["4000 0000 0000 0002", "Your card was declined."],
    ["4000 0000 0000 9995", "Your card has insufficient funds."],
    ["4242 4242 4242 4241", "Your card number is invalid."],
  ])("refuses card %s with %s and leaves the order unpaid", async (cardNumber, message) => {
    const tape = productNamed("Tape Measure");
    const payer = await signUp(ctx.app);
    const fresh = await placeOrder(payer, tape);
    const stockBefore = await stockOf(tape._id);
    const { clientSecret } = (await intent(payer, fresh.id, fresh.totalCents / 100)).json();
    const refused = await confirm(payer, clientSecret, { ...VISA, cardNumber });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(message);
    expect(await orderRow(fresh.id)).toMatchObject({ paid: false, transactionId: null });
    expect(await stockOf(tape._id)).toBe(stockBefore);
  });

  it("refuses a card that expired", async () => {
    const payer = await signUp(ctx.app);
    const order = await placeOrder(payer, productNamed("Jigsaw"));
    const { clientSecret } = (await intent(payer, order.id, order.totalCents / 100)).json();
    const refused = await confirm(payer, clientSecret, { ...VISA, expiry: "01/20" });
    expect(refused.statusCode).toBe(402);
    expect((await orderRow(order.id))?.paid).toBe(false);
  });

  it("refuses paying someone else's order, and a changed price, changing nothing", async () => {
    const saw = productNamed("Circular Saw");
    const order = await placeOrder(buyer, saw);
    expect((await intent(other, order.id, order.totalCents / 100)).statusCode).toBe(404);
    const cheaper = await intent(buyer, order.id, order.totalCents / 100 - 1);
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().errors[0].field).toBe("price");
    const { clientSecret } = (await intent(buyer, order.id, order.totalCents / 100)).json();
    expect((await confirm(other, clientSecret)).statusCode).toBe(404);
    expect((await orderRow(order.id))?.paid).toBe(false);
    expect(
      (
        await ctx.app.inject({
          method: "POST",
          url: "/api/create-payment-intent",
          payload: { orderId: order.id, price: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("Pay twice reuses the order's open intent (the same client secret), and paying it twice is refused", async () => {
    const driver = productNamed("Impact Driver");
    const order = await placeOrder(buyer, driver);
    const first = (await intent(buyer, order.id, order.totalCents / 100)).json().clientSecret;
    const second = (await intent(buyer, order.id, order.totalCents / 100)).json().clientSecret;
    expect(second).toBe(first);
    expect(await intentRows(order.id)).toHaveLength(1);
    expect((await confirm(buyer, first)).statusCode).toBe(200);
    const stockAfter = await stockOf(driver._id);
    const again = await confirm(buyer, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order is already paid.");
    expect((await intent(buyer, order.id, order.totalCents / 100)).statusCode).toBe(409);
    expect(await stockOf(driver._id)).toBe(stockAfter);
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["succeeded"]);
  });

  it("the database itself allows one open intent per order", async () => {
    const payer = await signUp(ctx.app);
    const order = await placeOrder(payer, productNamed("Tape Measure"));
    const { clientSecret } = (await intent(payer, order.id, order.totalCents / 100)).json();
    const second = {
      id: "pi_test_second",
      provider: "test" as const,
      orderId: order.id,
      amountCents: order.totalCents,
    };
    const refused = await ctx.db
      .insert(paymentIntents)
      .values({ ...second, clientSecret: "second_secret" })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    await ctx.db
      .update(paymentIntents)
      .set({ status: "canceled" })
      .where(eq(paymentIntents.clientSecret, clientSecret));
    await ctx.db.insert(paymentIntents).values({ ...second, clientSecret: "second_secret" });
    expect((await intentRows(order.id)).map((row) => row.status).sort()).toEqual(["canceled", "open"]);
  });

  it("refuses payment when the stock no longer covers the order, before any charge", async () => {
    const level = productNamed("Box Beam Level");
    const order = await placeOrder(buyer, level, 100);
    const { clientSecret } = (await intent(buyer, order.id, order.totalCents / 100)).json();
    await setStockOnHand(ctx.db, level._id, 60);
    const refused = await confirm(buyer, clientSecret);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("There is no longer enough stock for this order. Nothing was charged.");
    expect(await orderRow(order.id)).toMatchObject({ paid: false, transactionId: null });
    expect(await stockOf(level._id)).toBe(60);
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["canceled"]);
    expect((await intent(buyer, order.id, order.totalCents / 100)).statusCode).toBe(409);

    const stale = await confirm(buyer, clientSecret);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("This payment was canceled. Nothing was charged. Please pay again.");
    const asked = await reconcile(buyer, order.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe("There is no longer enough stock for this order. Nothing was charged.");
  });

  it("answers the payment page's reconcile call from the order's state", async () => {
    const payer = await signUp(ctx.app);
    const order = await placeOrder(payer, productNamed("Screwdriver Set"));
    const notYet = await reconcile(payer, order.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe("Your payment is not complete yet.");
    const { clientSecret } = (await intent(payer, order.id, order.totalCents / 100)).json();
    expect((await reconcile(payer, order.id)).json().message).toBe("Your payment is not complete yet.");
    const paid = (await confirm(payer, clientSecret)).json();
    expect((await reconcile(other, order.id)).statusCode).toBe(404);
    const asked = await reconcile(payer, order.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: "succeeded", transactionId: paid.transactionId });
  });

  it("test provider: a refund is recorded, once, and never above the amount paid", async () => {
    const payer = await signUp(ctx.app);
    const order = await placeOrder(payer, productNamed("Jigsaw"));
    const { clientSecret } = (await intent(payer, order.id, order.totalCents / 100)).json();
    expect((await confirm(payer, clientSecret)).statusCode).toBe(200);
    const [paid] = await intentRows(order.id);
    if (!paid) throw new Error("no intent");

    const provider = testPaymentProvider();
    expect(await provider.refund(paid, order.totalCents + 1, "too-much")).toEqual({
      ok: false,
      message: `A refund must be between 1 and ${order.totalCents} cents.`,
    });
    const refunded = await refundIntent(ctx.db, provider, paid, "duplicate");
    expect(refunded).toEqual({ ok: true, value: { refundId: expect.stringMatching(/^re_test_/) } });
    expect(await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, paid.id))).toEqual([
      expect.objectContaining({ amountCents: order.totalCents, reason: "duplicate" }),
    ]);
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["refunded"]);

    const [now] = await intentRows(order.id);
    expect(await refundIntent(ctx.db, provider, now ?? paid, "duplicate")).toEqual({
      ok: false,
      message: `Payment ${paid.id} is already refunded.`,
    });
    expect(await refundIntent(ctx.db, provider, paid, "duplicate")).toEqual({
      ok: false,
      message: `Payment ${paid.id} is already refunded.`,
    });
    expect(await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, paid.id))).toHaveLength(1);
  });

  it("marks an order paid exactly once, and takes stock once, under 20 concurrent attempts", async () => {
    const sockets = productNamed("Socket Set");
    const payer = await signUp(ctx.app);
    const order = await placeOrder(payer, sockets, 200);
    const stockBefore = await stockOf(sockets._id);
    const secrets = await Promise.all(
      Array.from(
        { length: 20 },
        async () => (await intent(payer, order.id, order.totalCents / 100)).json().clientSecret as string,
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await intentRows(order.id)).toHaveLength(1);
    const results = await Promise.all(secrets.map((secret) => confirm(payer, secret)));
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await stockOf(sockets._id)).toBe((stockBefore ?? 0) - 200);
    const paid = results.find((result) => result.statusCode === 200)?.json().transactionId;
    expect((await orderRow(order.id))?.transactionId).toBe(paid);
  });
});
