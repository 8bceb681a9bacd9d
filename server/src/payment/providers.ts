import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/**
 * A card payment provider (Medusa-style: small, failures as values). `test` needs no network; `stripe`
 * uses PaymentIntents and reports success through its signed webhook.
 */
export interface PaymentProvider {
  name: "test" | "stripe";
  createIntent(order: { id: string; amountCents: number; email: string }): Promise<CreatedIntent>;
}

export function testPaymentProvider(): PaymentProvider {
  return {
    name: "test",
    async createIntent() {
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}` };
    },
  };
}

export function stripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async createIntent(order) {
      const intent = await stripe.paymentIntents.create({
        amount: order.amountCents,
        currency: "usd",
        allowed_payment_method_types: ["card"],
        receipt_email: order.email,
        metadata: { orderId: order.id },
      });
      if (!intent.client_secret) throw new Error("Stripe answered a PaymentIntent without a client secret");
      return { id: intent.id, clientSecret: intent.client_secret };
    },
  };
}

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}
