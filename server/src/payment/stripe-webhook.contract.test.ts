import type { Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, paymentIntents, products } from "../db/schema.js";
import { bearer, signUp } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

const WEBHOOK_SECRET = "whsec_forgeline_contract_test";

/**
 * Contract tests of the Stripe webhook: the events are signed with the Stripe SDK's own test-header helper,
 * exactly as Stripe signs them. No call leaves the machine: Stripe's API itself cannot be reached here.
 */
describe("Stripe webhook (contract, signed with the Stripe SDK's test helper)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let orderId: string;
  let productId: string;
  const intentId = "pi_3ContractTest000001";

  beforeAll(async () => {
    ctx = await createTestApp({
      seed: true,
      env: {
        STRIPE_SECRET_KEY: "sk_test_contract",
        STRIPE_PUBLISHABLE_KEY: "pk_test_contract",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    const buyer = await signUp(ctx.app);
    const [drill] = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=1" })).json<Product[]>();
    productId = drill?._id ?? "";
    const placed = await ctx.app.inject({
      method: "POST",
      url: "/api/ordering",
      headers: bearer(buyer.token),
      payload: { orderId: productId, quantity: 100, phone: "5550100000", address: "1 Yard Road" },
    });
    orderId = placed.json().insertedId;
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    // What POST /api/create-payment-intent records after Stripe answers a PaymentIntent.
    await ctx.db.insert(paymentIntents).values({
      id: intentId,
      provider: "stripe",
      orderId,
      amountCents: order?.totalCents ?? 0,
      clientSecret: `${intentId}_secret_contract`,
    });
  });
  afterAll(() => ctx.close());

  const succeededEvent = async () => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    return JSON.stringify({
      id: "evt_contract_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: {
        object: {
          id: intentId,
          object: "payment_intent",
          amount: order?.totalCents,
          amount_received: order?.totalCents,
          metadata: { orderId },
        },
      },
    });
  };
  const deliver = (payload: string, signature: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  const state = async () => ({
    order: (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0],
    stock: (await ctx.db.select().from(products).where(eq(products.id, productId)))[0]?.quantity,
  });

  it("tells the browser to use Stripe with the publishable key, and lets Stripe's script in", async () => {
    const config = await ctx.app.inject({ method: "GET", url: "/api/config" });
    expect(config.json()).toMatchObject({ payments: "stripe", stripePublishableKey: "pk_test_contract" });
    expect(String(config.headers["content-security-policy"])).toContain("script-src 'self' https://js.stripe.com");
    expect((await ctx.app.inject({ method: "POST", url: "/api/payments/test/confirm", payload: {} })).statusCode).toBe(
      404,
    );
  });

  it("refuses a bad signature with a 400 and changes nothing", async () => {
    const before = await state();
    const payload = await succeededEvent();
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const response = await deliver(payload, forged);
    expect(response.statusCode).toBe(400);
    expect((await deliver(payload, "t=1,v1=deadbeef")).statusCode).toBe(400);
    expect(await state()).toEqual(before);
    expect(before.order?.paid).toBe(false);
  });

  it("marks the order paid once on payment_intent.succeeded; a replay changes nothing", async () => {
    const before = await state();
    const payload = await succeededEvent();
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await deliver(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const after = await state();
    expect(after.order).toMatchObject({ paid: true, transactionId: intentId });
    expect(after.stock).toBe((before.stock ?? 0) - 100);

    const replay = await deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(replay.statusCode).toBe(200);
    expect(await state()).toEqual(after);
  });
});
