import type { Order } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../receivables/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { createTestApp } from "../test/test-app.js";
import { type StandInIntent, type StripeStandIn, signedEvent, startStripeStandIn } from "./stripe-stand-in.js";

const WEBHOOK_SECRET = "whsec_forgeline_balance_test";

/**
 * An invoice's balance paid by card through Stripe (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'): the
 * real `stripe` SDK against the local stand-in, webhooks signed as Stripe signs them. The same webhook and
 * reconcile paths as a card order's; what they record is a ledger entry, once.
 */
describe("Stripe contract (SDK against a local stand-in): paying an invoice's balance by card", () => {
  let standIn: StripeStandIn;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_balance",
        STRIPE_PUBLISHABLE_KEY: "pk_test_balance",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    });
    steps = onAccountSteps(ctx, await signUp(ctx.app, { admin: true }));
  });
  afterAll(async () => {
    await ctx.close();
    await standIn.close();
  });

  const post = (url: string, who: TestAccount) =>
    ctx.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${who.token}` } });
  const deliver = (type: string, intent: StandInIntent) => {
    const { payload, headers } = signedEvent(type, intent, WEBHOOK_SECRET);
    return ctx.app.inject({ method: "POST", url: "/api/payments/stripe/webhook", headers, payload });
  };
  const orderOf = async (who: TestAccount, id: string) =>
    (await steps.call("GET", `/api/ordering/${id}`, who)).json<Order>();
  const cardPayments = (orderId: string) =>
    ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, "card-payment")));
  const requestsTo = (method: string, path: RegExp) =>
    standIn.requests.filter((request) => request.method === method && path.test(request.path));

  /** The buyer opens the balance's payment and Stripe.js authorizes the card: answers the intent at Stripe. */
  async function authorizedBalance(buyer: TestAccount, order: Order) {
    const opened = await post(`/api/payments/${order._id}/balance-intent`, buyer);
    expect(opened.statusCode, opened.body).toBe(200);
    return standIn.confirmCard(opened.json().clientSecret.split("_secret_")[0]);
  }

  it("Stripe contract (SDK against a local stand-in): the webhook records the card payment once, then captures it once; reconcile says it succeeded", async () => {
    const { buyer } = await steps.companyOnAccount("Stripe Ledger Co");
    const order = await steps.invoiced(buyer, 1200);
    const authorized = await authorizedBalance(buyer, order);
    const [created] = requestsTo("POST", /^\/v1\/payment_intents$/).filter(
      (request) => request.params.get("metadata[orderId]") === order._id,
    );
    expect(created?.params.get("amount")).toBe("120000");
    expect(created?.idempotencyKey).toBe(`order-${order._id}-attempt-1`);

    for (const type of ["payment_intent.amount_capturable_updated", "payment_intent.amount_capturable_updated"]) {
      expect((await deliver(type, authorized)).statusCode).toBe(200);
    }
    const captured = standIn.intents.get(authorized.id) as StandInIntent;
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 120_000 });
    expect((await deliver("payment_intent.succeeded", captured)).statusCode).toBe(200);
    expect(requestsTo("POST", new RegExp(`^/v1/payment_intents/${authorized.id}/capture$`))).toHaveLength(1);
    expect(await cardPayments(order._id)).toMatchObject([{ owedCents: -120_000, reference: authorized.id }]);
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "paid", amountPaid: 1200, balance: 0 });

    // The payment page asks after Stripe.js confirmed: the webhook came first, and the answer says so.
    const reconciled = await post(`/api/payments/${order._id}/reconcile`, buyer);
    expect(reconciled.statusCode, reconciled.body).toBe(200);
    expect(reconciled.json()).toEqual({ status: "succeeded", transactionId: authorized.id });
  });

  it("Stripe contract (SDK against a local stand-in): a transfer paid the invoice while the card waited: the card is canceled at Stripe, nothing charged", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Stripe Race Co");
    const order = await steps.invoiced(buyer, 500);
    const authorized = await authorizedBalance(buyer, order);
    expect((await steps.pay(companyId, 500)).statusCode).toBe(201);

    const reconciled = await post(`/api/payments/${order._id}/reconcile`, buyer);
    expect(reconciled.statusCode).toBe(409);
    expect(reconciled.json().message).toBe(`Invoice ${order.invoice?.number} is paid: nothing is left to pay on it.`);
    expect(standIn.intents.get(authorized.id)).toMatchObject({ status: "canceled", amount_received: 0 });
    expect(
      (await deliver("payment_intent.canceled", standIn.intents.get(authorized.id) as StandInIntent)).statusCode,
    ).toBe(200);
    expect(await cardPayments(order._id)).toEqual([]);
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "paid", amountPaid: 500 });
  });
});
