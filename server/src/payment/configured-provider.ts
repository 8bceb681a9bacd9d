import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { PaymentProvider } from "./providers.js";
import { stripePaymentProvider } from "./stripe-provider.js";
import { testPaymentProvider } from "./test-provider.js";

/** Stripe when it is configured, else the test provider, which in production takes no money: said loudly. */
export function paymentProviderFor(config: Config, log: FastifyBaseLogger): PaymentProvider {
  if (config.stripe) return stripePaymentProvider(config.stripe);
  if (config.nodeEnv === "production") {
    log.warn(
      "PAYMENT_PROVIDER=test in production: card payments are simulated and NO MONEY IS TAKEN. Orders are marked paid without a charge. Set the STRIPE_* keys to take real payments.",
    );
  }
  return testPaymentProvider();
}
