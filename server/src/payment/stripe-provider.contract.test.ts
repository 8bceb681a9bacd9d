import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "./providers.js";
import { stripePaymentProvider } from "./stripe-provider.js";
import { type StripeStandIn, signedEvent, startStripeStandIn } from "./stripe-stand-in.js";

const WEBHOOK_SECRET = "whsec_provider_contract";

describe("Stripe contract (SDK against a local stand-in): the Stripe payment provider", () => {
  let standIn: StripeStandIn;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = stripePaymentProvider({
      secretKey: "sk_test_provider",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standIn.url,
    });
  });
  afterAll(() => standIn.close());

  async function capturedIntent(amountCents: number) {
    const created = await stripe.createIntent({
      orderId: crypto.randomUUID(),
      amountCents,
      email: "buyer@example.com",
      idempotencyKey: `key-${crypto.randomUUID()}`,
    });
    if (!created.ok) throw new Error(created.message);
    standIn.confirmCard(created.value.id);
    const captured = await stripe.captureIntent(created.value);
    expect(captured).toEqual({ ok: true, value: { ...created.value, state: "succeeded" } });
    return created.value;
  }

  it("Stripe contract (SDK against a local stand-in): refund(intent, amountCents, key) refunds at Stripe once per key; more than was paid is a failure value", async () => {
    const intent = await capturedIntent(12_000);
    const part = await stripe.refund(intent, 2_000, "part");
    expect(part).toEqual({ ok: true, value: { refundId: expect.stringMatching(/^re_/) } });
    // The same key again (a retry after the shop failed to record it): the same refund, no second one.
    expect(await stripe.refund(intent, 2_000, "part")).toEqual(part);
    const rest = await stripe.refund(intent, 10_000, "rest");
    expect(rest.ok).toBe(true);
    expect(
      standIn.refunds.filter((refund) => refund.payment_intent === intent.id).map((refund) => refund.amount),
    ).toEqual([2_000, 10_000]);
    expect(await stripe.refund(intent, 1, "more")).toEqual({
      ok: false,
      message: `Charge for ${intent.id} has already been refunded.`,
    });
  });

  it("Stripe contract (SDK against a local stand-in): capturing or canceling twice is no failure; canceling a captured intent is", async () => {
    const intent = await capturedIntent(5_000);
    expect(await stripe.captureIntent(intent)).toEqual({ ok: true, value: { ...intent, state: "succeeded" } });
    expect(await stripe.cancelIntent(intent)).toEqual({
      ok: false,
      message: "You cannot cancel this PaymentIntent because it has a status of succeeded.",
    });

    const open = await stripe.createIntent({
      orderId: crypto.randomUUID(),
      amountCents: 5_000,
      email: "buyer@example.com",
      idempotencyKey: `key-${crypto.randomUUID()}`,
    });
    if (!open.ok) throw new Error(open.message);
    expect(await stripe.cancelIntent(open.value)).toEqual({ ok: true, value: { ...open.value, state: "canceled" } });
    expect(await stripe.cancelIntent(open.value)).toEqual({ ok: true, value: { ...open.value, state: "canceled" } });
    expect(await stripe.retrieveIntent(open.value)).toEqual({ ok: true, value: { ...open.value, state: "canceled" } });
  });

  it("Stripe contract (SDK against a local stand-in): Stripe out of reach is a failure value, not a throw", async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const unreachable = stripePaymentProvider({
      secretKey: "sk_test_provider",
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: gone.url,
    });
    const created = await unreachable.createIntent({
      orderId: crypto.randomUUID(),
      amountCents: 5_000,
      email: "buyer@example.com",
      idempotencyKey: "key-unreachable",
    });
    expect(created).toEqual({ ok: false, message: expect.stringContaining("connection to Stripe") });
  });

  it("Stripe contract (SDK against a local stand-in): reads a signed webhook: the intent of a PaymentIntent event, null for others, a failure for a bad signature", async () => {
    const intent = await capturedIntent(5_000);
    const stored = standIn.intents.get(intent.id);
    if (!stored) throw new Error("not at the stand-in");
    for (const type of [
      "payment_intent.amount_capturable_updated",
      "payment_intent.succeeded",
      "payment_intent.canceled",
    ]) {
      const { payload, headers } = signedEvent(type, stored, WEBHOOK_SECRET);
      expect(stripe.readWebhook?.(payload, headers)).toEqual({ ok: true, value: intent.id });
    }
    const other = signedEvent("charge.refunded", stored, WEBHOOK_SECRET);
    expect(stripe.readWebhook?.(other.payload, other.headers)).toEqual({ ok: true, value: null });
    const forged = signedEvent("payment_intent.succeeded", stored, "whsec_someone_else");
    expect(stripe.readWebhook?.(forged.payload, forged.headers)).toEqual({
      ok: false,
      message: "The webhook signature is not valid.",
    });
    expect(stripe.readWebhook?.(forged.payload, {})).toEqual({
      ok: false,
      message: "The webhook signature is not valid.",
    });
  });
});
