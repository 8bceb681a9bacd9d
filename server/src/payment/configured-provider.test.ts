import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { paymentProviderFor } from "./configured-provider.js";

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "production-secret-0123456789abcdef0123456789",
  PUBLIC_URL: "https://shop.example.com",
  SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Sheffield S1 2AB, United Kingdom",
  SHOP_TAX_ID: "GB123456789",
  SHOP_BANK_DETAILS: "Forgeline Tools Ltd · IBAN GB29 NWBK 6016 1331 9268 19",
};

function providerWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const log = Fastify({ logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } }).log;
  const provider = paymentProviderFor(loadConfig(env), log);
  return { provider, logged: lines.map((line) => JSON.parse(line)) };
}

describe("choosing the payment provider at start-up", () => {
  it("warns loudly when production runs the test provider on purpose: no money is taken", () => {
    const { provider, logged } = providerWithLog({ ...PRODUCTION, PAYMENT_PROVIDER: "test" });
    expect(provider.name).toBe("test");
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "PAYMENT_PROVIDER=test in production: card payments are simulated and NO MONEY IS TAKEN. Orders are marked paid without a charge. Set the STRIPE_* keys to take real payments.",
      }),
    ]);
  });

  it("says nothing outside production, and takes Stripe when its keys are set", () => {
    expect(providerWithLog({ NODE_ENV: "development" })).toMatchObject({ provider: { name: "test" }, logged: [] });
    const stripe = providerWithLog({
      ...PRODUCTION,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(stripe).toMatchObject({ provider: { name: "stripe" }, logged: [] });
  });
});
