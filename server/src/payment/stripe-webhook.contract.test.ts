import type { Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../ordering/tables.js";
import { products } from "../product/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { setStockOnHand } from "../test/stock.js";
import { createTestApp } from "../test/test-app.js";
import type { IntentRow } from "./queries.js";
import { settleFromProvider } from "./settle.js";
import { stripePaymentProvider } from "./stripe-provider.js";
import { type StandInIntent, type StripeStandIn, signedEvent, startStripeStandIn } from "./stripe-stand-in.js";
import { paymentIntents, paymentRefunds } from "./tables.js";

const WEBHOOK_SECRET = "whsec_forgeline_contract_test";

/**
 * The shop with Stripe configured, its real `stripe` SDK pointed at a local stand-in of Stripe's API
 * (stripe-stand-in.ts), and webhooks signed with the SDK's own test helper, exactly as Stripe signs them.
 * Nothing leaves the machine.
 */
describe("Stripe contract (SDK against a local stand-in): payments through the shop's routes", () => {
  let standIn: StripeStandIn;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let catalogue: Product[];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      seed: true,
      env: {
        STRIPE_SECRET_KEY: "sk_test_contract",
        STRIPE_PUBLISHABLE_KEY: "pk_test_contract",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    });
    catalogue = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>();
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const productNamed = (text: string) => catalogue.find((product) => product.name.includes(text)) as Product;
  const stockOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.quantity;
  const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
  const intentRows = (orderId: string) =>
    ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, orderId)).orderBy(paymentIntents.createdAt);
  const requestsTo = (method: string, path: RegExp) =>
    standIn.requests.filter((request) => request.method === method && path.test(request.path));

  async function placeOrder(product: Product, quantity = 100) {
    const buyer = await signUp(ctx.app);
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/ordering",
      headers: bearer(buyer.token),
      payload: { orderId: product._id, quantity, phone: "5550100000", address: "1 Yard Road" },
    });
    const order = await orderRow(placed.json().insertedId);
    if (!order) throw new Error(`no order: ${placed.body}`);
    return { buyer, order };
  }
  const pay = (buyer: TestAccount, order: { id: string; totalCents: number }) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: bearer(buyer.token),
      payload: { orderId: order.id, price: order.totalCents / 100 },
    });
  const reconcile = (buyer: TestAccount | null, orderId: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/payments/${orderId}/reconcile`,
      headers: buyer ? bearer(buyer.token) : {},
    });
  const deliver = (type: string, intent: StandInIntent) => {
    const { payload, headers } = signedEvent(type, intent, WEBHOOK_SECRET);
    return ctx.app.inject({ method: "POST", url: "/api/payments/stripe/webhook", headers, payload });
  };
  /** Pay, then the card confirmed in the browser by Stripe.js: the intent is authorized at Stripe. */
  async function payAndConfirm(buyer: TestAccount, order: { id: string; totalCents: number }) {
    const paid = await pay(buyer, order);
    expect(paid.statusCode).toBe(200);
    const intentId = paid.json().clientSecret.split("_secret_")[0];
    return standIn.confirmCard(intentId);
  }

  it("tells the browser to use Stripe with the publishable key, and lets Stripe's script in", async () => {
    const config = await ctx.app.inject({ method: "GET", url: "/api/config" });
    expect(config.json()).toMatchObject({ payments: "stripe", stripePublishableKey: "pk_test_contract" });
    expect(String(config.headers["content-security-policy"])).toContain("script-src 'self' https://js.stripe.com");
    expect((await ctx.app.inject({ method: "POST", url: "/api/payments/test/confirm", payload: {} })).statusCode).toBe(
      404,
    );
  });

  it("Stripe contract (SDK against a local stand-in): Pay twice makes one PaymentIntent, for manual capture, and answers the same client secret", async () => {
    const { buyer, order } = await placeOrder(productNamed("Claw Hammer"), 150);
    const before = requestsTo("POST", /^\/v1\/payment_intents$/).length;
    const first = await pay(buyer, order);
    const second = await pay(buyer, order);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);

    const creations = requestsTo("POST", /^\/v1\/payment_intents$/).slice(before);
    expect(creations).toHaveLength(1);
    expect(creations[0]?.idempotencyKey).toBe(`order-${order.id}-attempt-1`);
    expect(Object.fromEntries(creations[0]?.params ?? [])).toMatchObject({
      amount: String(order.totalCents),
      currency: "usd",
      capture_method: "manual",
      "metadata[orderId]": order.id,
    });
    const [intent] = await intentRows(order.id);
    expect(standIn.intents.get(intent?.id ?? "")).toMatchObject({ status: "requires_payment_method" });
  });

  it("Stripe contract (SDK against a local stand-in): two Pays at once still make one PaymentIntent (the idempotency key)", async () => {
    const { buyer, order } = await placeOrder(productNamed("Tape Measure"));
    const answers = await Promise.all([pay(buyer, order), pay(buyer, order), pay(buyer, order)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().clientSecret)).size).toBe(1);
    expect(await intentRows(order.id)).toHaveLength(1);
    const made = [...standIn.intents.values()].filter((intent) => intent.metadata.orderId === order.id);
    expect(made).toHaveLength(1);
  });

  it("Stripe contract (SDK against a local stand-in): the order is paid when its intent becomes capturable, and only then captured; replayed webhooks change nothing", async () => {
    const drill = productNamed("Cordless Drill");
    const { buyer, order } = await placeOrder(drill, 120);
    const stockBefore = await stockOf(drill._id);
    const authorized = await payAndConfirm(buyer, order);
    expect(authorized.status).toBe("requires_capture");

    const event = { ...authorized };
    const first = await deliver("payment_intent.amount_capturable_updated", event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: authorized.id });
    expect(await stockOf(drill._id)).toBe((stockBefore ?? 0) - 120);
    expect(standIn.intents.get(authorized.id)).toMatchObject({
      status: "succeeded",
      amount_received: order.totalCents,
    });
    const captures = () => requestsTo("POST", new RegExp(`^/v1/payment_intents/${authorized.id}/capture$`)).length;
    expect(captures()).toBe(1);

    const after = {
      order: await orderRow(order.id),
      stock: await stockOf(drill._id),
      rows: await intentRows(order.id),
    };
    expect((await deliver("payment_intent.amount_capturable_updated", event)).statusCode).toBe(200);
    expect(
      (await deliver("payment_intent.succeeded", standIn.intents.get(authorized.id) as StandInIntent)).statusCode,
    ).toBe(200);
    expect(
      (await deliver("payment_intent.succeeded", standIn.intents.get(authorized.id) as StandInIntent)).statusCode,
    ).toBe(200);
    expect({
      order: await orderRow(order.id),
      stock: await stockOf(drill._id),
      rows: await intentRows(order.id),
    }).toEqual(after);
    expect(after.rows.map((row) => row.status)).toEqual(["succeeded"]);
    expect(captures()).toBe(1);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === authorized.id)).toEqual([]);

    const view = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${order.id}`,
      headers: bearer(buyer.token),
    });
    expect(view.json()).toMatchObject({ paid: true, transactionId: authorized.id });
  });

  it("Stripe contract (SDK against a local stand-in): out of stock at capture time: the intent is canceled, nothing charged, the order unpaid, the stock unchanged", async () => {
    const level = productNamed("Box Beam Level");
    const { buyer, order } = await placeOrder(level, 100);
    const authorized = await payAndConfirm(buyer, order);
    await setStockOnHand(ctx.db, level._id, 60);

    expect((await deliver("payment_intent.amount_capturable_updated", authorized)).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paid: false, transactionId: null });
    expect(await stockOf(level._id)).toBe(60);
    expect(standIn.intents.get(authorized.id)).toMatchObject({ status: "canceled", amount_received: 0 });
    expect(requestsTo("POST", new RegExp(`^/v1/payment_intents/${authorized.id}/capture$`))).toEqual([]);
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["canceled"]);

    // The payment page asks next, and tells the customer.
    const told = await reconcile(buyer, order.id);
    expect(told.statusCode).toBe(409);
    expect(told.json().message).toBe("There is no longer enough stock for this order. Nothing was charged.");
    expect(
      (await deliver("payment_intent.canceled", standIn.intents.get(authorized.id) as StandInIntent)).statusCode,
    ).toBe(200);
    expect(await stockOf(level._id)).toBe(60);
  });

  it("Stripe contract (SDK against a local stand-in): a late webhook: the payment page's reconcile call pays the order; the webhook arriving afterwards changes nothing", async () => {
    const saw = productNamed("Circular Saw");
    const { buyer, order } = await placeOrder(saw, 110);
    const stockBefore = await stockOf(saw._id);
    await pay(buyer, order);

    const early = await reconcile(buyer, order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Your payment is not complete yet.");

    const [intent] = await intentRows(order.id);
    const authorized = standIn.confirmCard(intent?.id ?? "");
    expect((await reconcile(null, order.id)).statusCode).toBe(401);
    expect((await reconcile(await signUp(ctx.app), order.id)).statusCode).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ paid: false });

    const reconciled = await reconcile(buyer, order.id);
    expect(reconciled.statusCode).toBe(200);
    expect(reconciled.json()).toEqual({ status: "succeeded", transactionId: authorized.id });
    expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: authorized.id });
    expect(await stockOf(saw._id)).toBe((stockBefore ?? 0) - 110);
    expect(standIn.intents.get(authorized.id)?.status).toBe("succeeded");

    const after = { order: await orderRow(order.id), stock: await stockOf(saw._id), rows: await intentRows(order.id) };
    expect((await deliver("payment_intent.amount_capturable_updated", authorized)).statusCode).toBe(200);
    expect((await reconcile(buyer, order.id)).json()).toEqual({ status: "succeeded", transactionId: authorized.id });
    expect({
      order: await orderRow(order.id),
      stock: await stockOf(saw._id),
      rows: await intentRows(order.id),
    }).toEqual(after);
    expect(requestsTo("POST", new RegExp(`^/v1/payment_intents/${authorized.id}/capture$`))).toHaveLength(1);
  });

  it("Stripe contract (SDK against a local stand-in): Pay again after a lost webhook settles the authorized intent instead of making another", async () => {
    const { buyer, order } = await placeOrder(productNamed("Impact Driver"));
    const authorized = await payAndConfirm(buyer, order);
    const again = await pay(buyer, order);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order is already paid.");
    expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: authorized.id });
    expect(standIn.intents.get(authorized.id)?.status).toBe("succeeded");
    expect(await intentRows(order.id)).toHaveLength(1);
  });

  it("Stripe contract (SDK against a local stand-in): an intent canceled at Stripe is replaced by the next attempt, with its own idempotency key", async () => {
    const { buyer, order } = await placeOrder(productNamed("Socket Set"));
    const first = (await pay(buyer, order)).json().clientSecret as string;
    const firstId = first.split("_secret_")[0] ?? "";
    const canceled = standIn.intents.get(firstId) as StandInIntent;
    canceled.status = "canceled";

    const second = await pay(buyer, order);
    expect(second.statusCode).toBe(200);
    expect(second.json().clientSecret).not.toBe(first);
    const creations = requestsTo("POST", /^\/v1\/payment_intents$/).filter(
      (request) => request.params.get("metadata[orderId]") === order.id,
    );
    expect(creations.map((request) => request.idempotencyKey)).toEqual([
      `order-${order.id}-attempt-1`,
      `order-${order.id}-attempt-2`,
    ]);
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["canceled", "open"]);
  });

  describe("a second success for an order already paid (an intent left by the shop before one intent per order)", () => {
    /** Pays the order through the shop, then confirms a second intent the way the code before did: its own. */
    async function paidTwice(productName: string, capture: "automatic" | "manual") {
      const product = productNamed(productName);
      const { buyer, order } = await placeOrder(product, 100);
      const first = await payAndConfirm(buyer, order);
      await deliver("payment_intent.amount_capturable_updated", first);
      const stockAfterFirst = await stockOf(product._id);

      const host = new URL(standIn.url);
      const earlierShop = new Stripe("sk_test_contract", { host: host.hostname, port: host.port, protocol: "http" });
      const second = await earlierShop.paymentIntents.create({
        amount: order.totalCents,
        currency: "usd",
        capture_method: capture,
        metadata: { orderId: order.id },
      });
      await ctx.db.insert(paymentIntents).values({
        id: second.id,
        provider: "stripe",
        orderId: order.id,
        amountCents: order.totalCents,
        clientSecret: second.client_secret ?? "",
      });
      return { product, order, first, second: standIn.confirmCard(second.id), stockAfterFirst };
    }

    it("Stripe contract (SDK against a local stand-in): the second, already captured, is refunded (visible at Stripe), the order paid once and the stock taken once", async () => {
      const { product, order, first, second, stockAfterFirst } = await paidTwice("Screwdriver Set", "automatic");
      expect(second.status).toBe("succeeded");
      expect((await deliver("payment_intent.succeeded", second)).statusCode).toBe(200);

      expect(standIn.refunds.filter((refund) => refund.payment_intent === second.id)).toEqual([
        expect.objectContaining({ amount: order.totalCents, status: "succeeded" }),
      ]);
      expect(standIn.refunds.filter((refund) => refund.payment_intent === first.id)).toEqual([]);
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: first.id });
      expect(await stockOf(product._id)).toBe(stockAfterFirst);
      expect((await intentRows(order.id)).map((row) => [row.id, row.status])).toEqual([
        [first.id, "succeeded"],
        [second.id, "refunded"],
      ]);
      expect(await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, second.id))).toEqual([
        expect.objectContaining({ amountCents: order.totalCents, reason: "duplicate" }),
      ]);

      // Stripe delivers again: still one refund.
      expect((await deliver("payment_intent.succeeded", second)).statusCode).toBe(200);
      expect(standIn.refunds.filter((refund) => refund.payment_intent === second.id)).toHaveLength(1);
      expect(await stockOf(product._id)).toBe(stockAfterFirst);
    });

    it("Stripe contract (SDK against a local stand-in): the second, only authorized, is canceled: nothing charged", async () => {
      const { product, order, first, second, stockAfterFirst } = await paidTwice("Jigsaw", "manual");
      expect(second.status).toBe("requires_capture");
      expect((await deliver("payment_intent.amount_capturable_updated", second)).statusCode).toBe(200);
      expect(standIn.intents.get(second.id)).toMatchObject({ status: "canceled", amount_received: 0 });
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: first.id });
      expect(await stockOf(product._id)).toBe(stockAfterFirst);
      expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["succeeded", "canceled"]);
    });

    it("Stripe contract (SDK against a local stand-in): the second is logged as a warning with the order and both intent ids, once", async () => {
      const { order, first, second } = await paidTwice("Claw Hammer", "manual");
      const lines: string[] = [];
      const log = Fastify({ logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } } }).log;
      const provider = stripePaymentProvider({
        secretKey: "sk_test_contract",
        webhookSecret: WEBHOOK_SECRET,
        apiUrl: standIn.url,
      });
      const payments = { db: ctx.db, provider, stockTaken: async () => {} };
      const rowOf = async () => (await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, second.id)))[0];

      expect(await settleFromProvider(payments, log, (await rowOf()) as IntentRow)).toEqual({
        ok: true,
        value: "paid-by-another",
      });
      expect(await settleFromProvider(payments, log, (await rowOf()) as IntentRow)).toEqual({
        ok: true,
        value: "canceled",
      });
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          level: 40,
          orderId: order.id,
          intentId: second.id,
          msg: `a second payment for an order already paid by ${first.id}: released`,
        }),
      ]);
      expect(standIn.intents.get(second.id)?.status).toBe("canceled");
    });
  });

  it("refuses a bad signature with a 400 and changes nothing", async () => {
    const { buyer, order } = await placeOrder(productNamed("Tape Measure"));
    const authorized = await payAndConfirm(buyer, order);
    const { payload } = signedEvent("payment_intent.amount_capturable_updated", authorized, WEBHOOK_SECRET);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    for (const signature of [forged, "t=1,v1=deadbeef"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("The webhook signature is not valid.");
    }
    expect(await orderRow(order.id)).toMatchObject({ paid: false });
    expect(standIn.intents.get(authorized.id)?.status).toBe("requires_capture");
  });

  it("Stripe contract (SDK against a local stand-in): cancelling an order cancels its intent at Stripe, so a card confirmed afterwards takes nothing", async () => {
    const { buyer, order } = await placeOrder(productNamed("Tape Measure"));
    const paid = await pay(buyer, order);
    const intentId = paid.json().clientSecret.split("_secret_")[0];
    const cancel = await ctx.app.inject({
      method: "POST",
      url: `/api/ordering/${order.id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(standIn.intents.get(intentId)).toMatchObject({ status: "canceled", amount_received: 0 });
    // Stripe.js still holds the client secret: a card given after the cancel is refused by Stripe.
    const refused = standIn.confirmCard(intentId);
    expect((await deliver("payment_intent.canceled", refused)).statusCode).toBe(200);
    expect(standIn.intents.get(intentId)).toMatchObject({ status: "canceled", amount_received: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paid: false, transactionId: null });
    expect((await intentRows(order.id)).map((row) => row.status)).toEqual(["canceled"]);
  });

  it("Stripe contract (SDK against a local stand-in): an admin's refund of a paid order is a refund at Stripe of the whole amount", async () => {
    const admin = await signUp(ctx.app, { admin: true });
    const { buyer, order } = await placeOrder(productNamed("Claw Hammer"), 100);
    const authorized = await payAndConfirm(buyer, order);
    expect((await deliver("payment_intent.amount_capturable_updated", authorized)).statusCode).toBe(200);
    const refunded = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/refund`,
      headers: bearer(admin.token),
      payload: { restock: true },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "refunded", paid: false });
    expect(standIn.refunds.filter((refund) => refund.payment_intent === authorized.id)).toEqual([
      expect.objectContaining({ amount: order.totalCents, status: "succeeded" }),
    ]);
    expect(await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, authorized.id))).toEqual([
      expect.objectContaining({ amountCents: order.totalCents, reason: "order-refunded" }),
    ]);
  });

  it("acknowledges an event about an intent it did not create, and changes nothing", async () => {
    const stranger: StandInIntent = {
      id: "pi_not_ours",
      object: "payment_intent",
      amount: 5000,
      amount_capturable: 0,
      amount_received: 5000,
      currency: "usd",
      capture_method: "automatic",
      status: "succeeded",
      client_secret: "pi_not_ours_secret_x",
      metadata: {},
    };
    const response = await deliver("payment_intent.succeeded", stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});
