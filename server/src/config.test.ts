import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("has working defaults: port 5000, embedded database in ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.imagesDir).toBe(path.resolve("data/images"));
    expect(config.seedCatalogue).toBe(true);
  });

  it("treats empty values as unset, as in a copied .env.example", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeUndefined();
  });

  it("reads PostgreSQL, port and flags from the environment", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://shop@db:5432/shop", PORT: "8080", SEED_CATALOGUE: "false" });
    expect(config).toMatchObject({ databaseUrl: "postgres://shop@db:5432/shop", port: 8080, seedCatalogue: false });
  });

  it("stops with the name of each bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(/PORT[\s\S]*DATABASE_URL/);
  });

  it("takes REDIS_URL for the shared limits; unset by default; anything but redis:// or rediss:// stops the start", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "rediss://cache.internal:6380/0" }).redisUrl).toBe("rediss://cache.internal:6380/0");
    expect(() => loadConfig({ REDIS_URL: "http://cache.internal" })).toThrowError(
      "Invalid configuration:\n  REDIS_URL: REDIS_URL must start with redis:// or rediss://",
    );
  });
});

// docs/RECURRING.md, 'Time and the shop's day'.
describe("loadConfig: the shop's time zone", () => {
  it("is UTC unless SHOP_TIME_ZONE names an IANA zone; a zone the runtime does not know stops the start", () => {
    expect(loadConfig({}).timeZone).toBe("UTC");
    expect(loadConfig({ SHOP_TIME_ZONE: "Europe/Berlin" }).timeZone).toBe("Europe/Berlin");
    expect(() => loadConfig({ SHOP_TIME_ZONE: "Mars/Olympus_Mons" })).toThrowError(
      "Invalid configuration:\n  SHOP_TIME_ZONE: SHOP_TIME_ZONE must be an IANA time zone, such as UTC or Europe/Berlin",
    );
    expect(loadConfig({}).recurringCheckMs).toBe(60_000);
  });
});

describe("loadConfig: the payment provider", () => {
  const production = {
    NODE_ENV: "production",
    AUTH_SECRET: "production-secret-0123456789abcdef0123456789",
    PUBLIC_URL: "https://shop.example.com",
    SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Sheffield S1 2AB, United Kingdom",
    SHOP_TAX_ID: "GB123456789",
    SHOP_BANK_DETAILS: "Forgeline Tools Ltd · IBAN GB29 NWBK 6016 1331 9268 19",
  };
  const stripeKeys = {
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
  };

  it("takes Stripe when its three keys are set, else the test provider outside production", () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(stripeKeys).stripe).toEqual({
      secretKey: "sk_live_x",
      publishableKey: "pk_live_x",
      webhookSecret: "whsec_x",
      apiUrl: "https://api.stripe.com",
    });
    expect(loadConfig({ ...stripeKeys, PAYMENT_PROVIDER: "test" }).stripe).toBeUndefined();
  });

  it("refuses a production start without Stripe keys unless PAYMENT_PROVIDER=test says so", () => {
    expect(() => loadConfig(production)).toThrowError(
      "PAYMENT_PROVIDER: production takes no money with the test provider; set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=test to run without payments on purpose",
    );
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: "test" }).stripe).toBeUndefined();
    expect(loadConfig({ ...production, ...stripeKeys }).stripe?.secretKey).toBe("sk_live_x");
  });

  it("refuses PAYMENT_PROVIDER=stripe without the keys, an unknown provider, and Stripe's API over http in production", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrowError(
      "PAYMENT_PROVIDER=stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paypal" })).toThrowError(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ...production, ...stripeKeys, STRIPE_API_URL: "http://127.0.0.1:9" })).toThrowError(
      "STRIPE_API_URL: must be https:// in production (it carries the secret key)",
    );
  });
});

describe("loadConfig: exposure and trust", () => {
  const prod = {
    NODE_ENV: "production",
    AUTH_SECRET: "0123456789abcdef0123456789abcdef",
    PUBLIC_URL: "https://shop.example.com",
    PAYMENT_PROVIDER: "test",
    SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Sheffield S1 2AB, United Kingdom",
    SHOP_TAX_ID: "GB123456789",
    SHOP_BANK_DETAILS: "Forgeline Tools Ltd · IBAN GB29 NWBK 6016 1331 9268 19",
  };

  it("listens on 127.0.0.1 outside production and on every interface in production, unless HOST is set", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig(prod).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("takes TRUST_PROXY as a hop count or addresses, and refuses to trust everyone", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.0.1.0/24" }).trustProxy).toEqual(["10.0.0.5", "10.0.1.0/24"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrowError(
      `TRUST_PROXY: TRUST_PROXY must be "false", a hop count (e.g. 1) or the balancer's addresses, never "true"`,
    );
    expect(() => loadConfig({ TRUST_PROXY: "balancer.internal" })).toThrowError(
      "TRUST_PROXY addresses must be IP addresses or CIDR ranges, separated by commas",
    );
  });

  it("takes the balancer's own address for TRUST_PROXY, and refuses one that is not an address at start-up", () => {
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1" }).trustProxy).toEqual(["127.0.0.1"]);
    expect(loadConfig({ TRUST_PROXY: "::1,fd00::/8" }).trustProxy).toEqual(["::1", "fd00::/8"]);
    // Hex letters and dots alone are no address: each of these stopped the app later, at its first build.
    for (const wrong of ["cafe", "10.0.0.999", "10.0.0.0/33", "10.0.0.0/24/8", "::1/129"]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrowError(
        "TRUST_PROXY addresses must be IP addresses or CIDR ranges, separated by commas",
      );
    }
  });

  it("refuses a plain-http PUBLIC_URL in production, except on this machine", () => {
    expect(() => loadConfig({ ...prod, PUBLIC_URL: "http://shop.example.com" })).toThrowError(
      "PUBLIC_URL: must be https:// in production (sessions and card payments need it)",
    );
    expect(loadConfig({ ...prod, PUBLIC_URL: "http://localhost:5000" }).publicUrl).toBe("http://localhost:5000");
  });

  it("has no built-in admin password: outside production the seed admin's is generated at start-up", () => {
    expect(loadConfig({}).seedAdmin).toEqual({ email: "admin@forgeline.test", password: undefined });
    expect(loadConfig(prod).seedAdmin).toBeUndefined();
    expect(() => loadConfig({ ...prod, SEED_ADMIN_EMAIL: "boss@example.com" })).toThrowError(
      "SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD: set both, or neither, in production",
    );
  });
});

describe("loadConfig: the seller on invoices and the mail outbox", () => {
  it("names the seller from SHOP_*; outside production the demo shop's address and no tax ID, no placeholder", () => {
    expect(loadConfig({}).seller).toEqual({
      name: "Forgeline Tools",
      address: "1 Anvil Road, Springfield",
      taxId: null,
    });
    expect(
      loadConfig({ SHOP_NAME: "Forgeline Ltd", SHOP_ADDRESS: "2 Forge Lane, Leeds", SHOP_TAX_ID: "GB999" }).seller,
    ).toEqual({ name: "Forgeline Ltd", address: "2 Forge Lane, Leeds", taxId: "GB999" });
  });

  it("refuses a production start without the seller's address and tax id", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "production-secret-0123456789abcdef0123456789",
      PUBLIC_URL: "https://shop.example.com",
      PAYMENT_PROVIDER: "test",
    };
    expect(() => loadConfig(production)).toThrowError(
      "SHOP_ADDRESS and SHOP_TAX_ID: required in production (every invoice names the seller)",
    );
    const seller = { SHOP_ADDRESS: "2 Forge Lane, Leeds", SHOP_TAX_ID: "GB999", SHOP_BANK_DETAILS: "IBAN GB29" };
    expect(loadConfig({ ...production, ...seller }).seller.taxId).toBe("GB999");
  });

  it("prints a test bank account outside production, and refuses a production start without SHOP_BANK_DETAILS", () => {
    expect(loadConfig({}).bankDetails).toBe("Forgeline Tools Ltd · IBAN GB00 TEST 0000 0000 0000 00 · BIC TESTGB2L");
    // Written "\n" in a .env line (one line), or a real line break from the environment: lines either way.
    expect(
      loadConfig({ SHOP_BANK_DETAILS: "Forgeline Tools Ltd\\nIBAN GB29 NWBK 6016 1331 9268 19" }).bankDetails,
    ).toBe("Forgeline Tools Ltd\nIBAN GB29 NWBK 6016 1331 9268 19");
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "production-secret-0123456789abcdef0123456789",
      PUBLIC_URL: "https://shop.example.com",
      PAYMENT_PROVIDER: "test",
      SHOP_ADDRESS: "2 Forge Lane, Leeds",
      SHOP_TAX_ID: "GB999",
    };
    expect(() => loadConfig(production)).toThrowError(
      "Invalid configuration:\n  SHOP_BANK_DETAILS: required in production (an invoice on account says where to pay it)",
    );
    expect(loadConfig({ ...production, SHOP_BANK_DETAILS: "IBAN GB29 NWBK 6016 1331 9268 19" }).bankDetails).toBe(
      "IBAN GB29 NWBK 6016 1331 9268 19",
    );
  });

  it("reads the outbox's pace and refuses a poll faster than 50 ms", () => {
    expect(loadConfig({}).mailOutbox).toEqual({ pollMs: 1000, retryMs: 5000 });
    expect(loadConfig({ MAIL_POLL_MS: "200", MAIL_RETRY_MS: "100" }).mailOutbox).toEqual({ pollMs: 200, retryMs: 100 });
    expect(() => loadConfig({ MAIL_POLL_MS: "0" })).toThrowError(/MAIL_POLL_MS/);
  });
});

describe("loadConfig: the image store", () => {
  it("keeps pictures in DATA_DIR/images unless S3_BUCKET is set", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "shop-pictures" }).s3).toEqual({
      bucket: "shop-pictures",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: "shop-pictures",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_REGION: "eu-central-1",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "shop-pictures",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
  });

  it("stops on a half-given S3 setting, with its name", () => {
    expect(() => loadConfig({ S3_BUCKET: "Shop_Pictures" })).toThrowError(
      "S3_BUCKET: S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)",
    );
    expect(() => loadConfig({ S3_BUCKET: "shop-pictures", S3_ACCESS_KEY_ID: "key" })).toThrowError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither",
    );
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrowError(
      "S3_BUCKET: required with the other S3_* settings (pictures go to that bucket)",
    );
    expect(() => loadConfig({ S3_BUCKET: "shop-pictures", S3_ENDPOINT: "minio:9000" })).toThrowError(
      "S3_ENDPOINT: must be an http(s) URL",
    );
  });
});
