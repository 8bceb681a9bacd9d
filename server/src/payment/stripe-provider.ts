import Stripe from "stripe";
import {
  failed,
  type IntentRef,
  type IntentState,
  type Outcome,
  ok,
  type PaymentProvider,
  type ProviderIntent,
} from "./providers.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com; the tests point it at a local stand-in. */
  apiUrl: string;
}

/** The events that can change what the shop does with an intent; any other event is acknowledged only. */
const INTENT_EVENTS = new Set([
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.canceled",
]);

/** Every Stripe status not named here waits for the customer (a card to give, a decline, 3-D Secure). */
const STATES: Partial<Record<Stripe.PaymentIntent.Status, IntentState>> = {
  requires_capture: "capturable",
  succeeded: "succeeded",
  canceled: "canceled",
};

function asIntent(intent: Stripe.PaymentIntent): Outcome<ProviderIntent> {
  if (!intent.client_secret) return failed(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
  return ok({
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    state: STATES[intent.status] ?? "open",
  });
}

/** A refused or unreachable call becomes a value; anything else is a bug and still throws. */
async function call<T>(request: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await request());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return failed(error.message);
    throw error;
  }
}

function stripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  const api = new URL(settings.apiUrl);
  const protocol = api.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
  });
}

/** Stripe PaymentIntents with manual capture: the card is authorized in the browser, captured by the shop. */
export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);

  const retrieveIntent = async (intent: IntentRef) => {
    const found = await call(() => stripe.paymentIntents.retrieve(intent.id));
    return found.ok ? asIntent(found.value) : found;
  };
  /** A refused change is no failure when the intent already stands where it was asked to go. */
  const moveTo = async (intent: IntentRef, state: IntentState, change: () => Promise<Stripe.PaymentIntent>) => {
    const changed = await call(change);
    if (changed.ok) return asIntent(changed.value);
    const current = await retrieveIntent(intent);
    return current.ok && current.value.state === state ? current : changed;
  };

  return {
    name: "stripe",
    async createIntent(order) {
      const created = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: order.amountCents,
            currency: "usd",
            capture_method: "manual",
            allowed_payment_method_types: ["card"],
            receipt_email: order.email,
            metadata: { orderId: order.orderId },
          },
          { idempotencyKey: order.idempotencyKey },
        ),
      );
      return created.ok ? asIntent(created.value) : created;
    },
    retrieveIntent,
    captureIntent: (intent) => moveTo(intent, "succeeded", () => stripe.paymentIntents.capture(intent.id)),
    cancelIntent: (intent) => moveTo(intent, "canceled", () => stripe.paymentIntents.cancel(intent.id)),
    async refund(intent, amountCents, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: intent.id, amount: amountCents }, { idempotencyKey }),
      );
      return refund.ok ? ok({ refundId: refund.value.id }) : refund;
    },
    readWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, String(headers["stripe-signature"]), settings.webhookSecret);
      } catch {
        return failed("The webhook signature is not valid.");
      }
      if (!INTENT_EVENTS.has(event.type)) return ok(null);
      return ok((event.data.object as { id: string }).id);
    },
  };
}
