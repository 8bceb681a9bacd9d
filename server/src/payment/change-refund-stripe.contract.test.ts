import type { Order, OrderChangePreview, Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { refundChangeDifference } from "./change-refund.js";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in.js";
import { paymentIntents, paymentRefunds } from "./tables.js";

/**
 * The money of a changed card order through Stripe (docs/decisions/076-the-money-of-a-changed-order.md): the real
 * `stripe` SDK against the local stand-in. Costing less, the difference is refunded in part of the PaymentIntent that
 * paid it, under a key that makes a retry the same refund; costing more, the difference is a PaymentIntent of its
 * own; the shop's refund of the whole order then gives back what each still holds.
 */
describe("Stripe contract (SDK against a local stand-in): the money of a changed card order", () => {
  let standIn: StripeStandIn;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_change",
        STRIPE_PUBLISHABLE_KEY: "pk_test_change",
        STRIPE_WEBHOOK_SECRET: "whsec_forgeline_change_test",
        STRIPE_API_URL: standIn.url,
      },
    });
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const post = (url: string, who: TestAccount, payload?: object) => steps.call("POST", url, who, payload);
  const orderOf = async (who: TestAccount, id: string) =>
    (await steps.call("GET", `/api/ordering/${id}`, who)).json<Order>();
  /** Stripe.js confirms the card in the browser, then the payment page asks the shop to settle it. */
  async function payAtStripe(who: TestAccount, orderId: string, clientSecret: string) {
    const intentId = clientSecret.split("_secret_")[0] ?? "";
    standIn.confirmCard(intentId);
    const reconciled = await post(`/api/payments/${orderId}/reconcile`, who);
    expect(reconciled.statusCode, reconciled.body).toBe(200);
    return intentId;
  }
  async function change(who: TestAccount, id: string, lines: object[]) {
    const seen = (await post(`/api/ordering/${id}/changes/preview`, who, { lines })).json<OrderChangePreview>();
    const applied = await post(`/api/ordering/${id}/changes`, who, {
      lines,
      revision: seen.revision,
      expectedTotal: seen.after.total,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    return { seen, order: applied.json<Order>() };
  }

  it("Stripe contract (SDK against a local stand-in): a change down refunds the difference in part, once; a change up pays it with its own intent; the order's refund gives back what each holds", async () => {
    const buyer = await signUp(ctx.app);
    const tool: Product = await steps.newTool(1000);
    const placed = await post("/api/ordering", buyer, { orderId: tool._id, quantity: 150, ...CONTACT });
    expect(placed.statusCode, placed.body).toBe(201);
    const id: string = placed.json().insertedId;
    const order = await orderOf(buyer, id);
    const opened = await post("/api/create-payment-intent", buyer, { orderId: id, price: order.price });
    expect(opened.statusCode, opened.body).toBe(200);
    const first = await payAtStripe(buyer, id, opened.json().clientSecret);
    expect((await orderOf(buyer, id)).paymentStatus).toBe("paid");

    // Down: 150 → 100 pieces. The difference goes back as a partial refund of the first PaymentIntent.
    const down = await change(buyer, id, [{ productId: tool._id, quantity: 100 }]);
    const refundCents = Math.round((order.price - down.seen.after.total) * 100);
    expect(refundCents).toBeGreaterThan(0);
    const refundRequests = () => standIn.requests.filter((request) => request.path === "/v1/refunds");
    expect(refundRequests()).toMatchObject([{ idempotencyKey: `change-refund-${first}-0` }]);
    expect(refundRequests()[0]?.params.get("amount")).toBe(String(refundCents));
    expect(standIn.refunds.filter((refund) => refund.payment_intent === first).map((refund) => refund.amount)).toEqual([
      refundCents,
    ]);
    // Asked again (a retry, another instance hearing the change): nothing more is owed, nothing more refunded.
    await refundChangeDifference(
      { db: ctx.db, provider: ctx.app.paymentProvider, stockTaken: async () => {} },
      ctx.app.log,
      id,
      buyer.email,
    );
    expect(refundRequests()).toHaveLength(1);
    const recorded = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, first));
    expect(recorded).toMatchObject([{ amountCents: refundCents, reason: "order-changed" }]);
    expect(down.order).toMatchObject({ paymentStatus: "paid", amountPaid: down.seen.after.total, balance: 0 });

    // Up: 100 → 200 pieces. The difference is a PaymentIntent of its own, for exactly what is owed.
    const up = await change(buyer, id, [{ productId: tool._id, quantity: 200 }]);
    expect(up.order.paymentStatus).toBe("partially-paid");
    const balance = await post(`/api/payments/${id}/balance-intent`, buyer);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().amount).toBe(up.order.balance);
    const second = await payAtStripe(buyer, id, balance.json().clientSecret);
    expect(standIn.intents.get(second)).toMatchObject({
      status: "succeeded",
      amount_received: Math.round((up.order.balance ?? 0) * 100),
    });
    const paid = await orderOf(buyer, id);
    expect(paid).toMatchObject({ paymentStatus: "paid", balance: 0, amountPaid: paid.price });

    // The whole order refunded: each PaymentIntent gives back what it still holds, together what the order paid.
    const refunded = await post(`/api/admin/orders/${id}/refund`, admin, { restock: true });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const atStripe = standIn.refunds.filter(
      (refund) => refund.payment_intent === first || refund.payment_intent === second,
    );
    expect(atStripe.reduce((sum, refund) => sum + refund.amount, 0) - refundCents).toBe(Math.round(paid.price * 100));
    const intents = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, id));
    expect(intents.map((intent) => intent.status).sort()).toEqual(["refunded", "refunded"]);
  });
});
