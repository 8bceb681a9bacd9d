import type { Product } from "@forgeline/contract";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authUsers,
  newsletterSubscribers,
  orders,
  paymentIntents,
  products,
  profiles,
  reviews,
  users,
} from "../db/schema.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

/**
 * Property-based fuzzing of every JSON body and query the API takes: whatever arrives, the answer is
 * never a 5xx, and a refused request (4xx) stores nothing.
 */
const TABLES = { authUsers, newsletterSubscribers, orders, paymentIntents, products, profiles, reviews, users };

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 12_000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "",
    " ",
    "100",
    "-1",
    "1e309",
    "NaN",
    "<script>",
    "'; drop table orders; --",
    "a@b.co",
    "/images/x.webp",
  ),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);

/** Bodies with the route's own field names (so validation, not only parsing, is exercised) and strays. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] }),
    fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 5 }),
    value,
  );

describe("fuzzing the API's inputs", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let admin: TestAccount;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    customer = await signUp(ctx.app);
    admin = await signUp(ctx.app, { admin: true });
    productId = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=1" })).json<Product[]>()[0]?._id ?? "";
  });
  afterAll(() => ctx.close());

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(TABLES).map(async ([name, table]) => [
          name,
          (await ctx.db.select({ n: count() }).from(table))[0]?.n,
        ]),
      ),
    );

  const ROUTES: { method: "POST" | "PUT"; url: string; fields: string[]; as: () => TestAccount | null }[] = [
    { method: "POST", url: "/api/newsletter", fields: ["email"], as: () => null },
    {
      method: "POST",
      url: "/api/product",
      fields: ["name", "price", "quantity", "description", "image", "email"],
      as: () => admin,
    },
    { method: "POST", url: "/api/review", fields: ["name", "rating", "description", "image"], as: () => customer },
    {
      method: "POST",
      url: "/api/profile",
      fields: ["name", "email", "phone", "fburl", "address", "image"],
      as: () => customer,
    },
    {
      method: "POST",
      url: "/api/ordering",
      fields: ["orderId", "quantity", "phone", "address", "userEmail", "price"],
      as: () => customer,
    },
    { method: "POST", url: "/api/create-payment-intent", fields: ["orderId", "price"], as: () => customer },
    {
      method: "POST",
      url: "/api/payments/test/confirm",
      fields: ["clientSecret", "cardNumber", "expiry", "cvc"],
      as: () => customer,
    },
    { method: "POST", url: "/api/auth/sign-in/email", fields: ["email", "password"], as: () => null },
    { method: "POST", url: "/api/auth/sign-up/email", fields: ["email", "password", "name"], as: () => null },
  ];

  for (const route of ROUTES) {
    it(`${route.method} ${route.url}: no 5xx, nothing stored from a 4xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route.fields), async (body) => {
          const before = await counts();
          const account = route.as();
          const response = await ctx.app.inject({
            method: route.method,
            url: route.url,
            headers: {
              "content-type": "application/json",
              origin: "http://localhost:5000",
              ...(account ? bearer(account.token) : {}),
            },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400 && response.statusCode !== 429) expect(await counts()).toEqual(before);
        }),
        { numRuns: 40 },
      );
    });
  }

  const query = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer().map(String),
    fc.constantFrom("", "-0", "1e3", "0x10", "%00", "[]"),
  );

  it("GET queries and paths (limit, offset, email, ids): no 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(query, query, async (a, b) => {
        const urls = [
          `/api/product?limit=${encodeURIComponent(a)}&offset=${encodeURIComponent(b)}`,
          `/api/review?limit=${encodeURIComponent(a)}&email=${encodeURIComponent(b)}`,
          `/api/product/${encodeURIComponent(a)}`,
          `/api/ordering?userEmail=${encodeURIComponent(a)}`,
          `/api/ordering/${encodeURIComponent(a)}`,
          `/api/admin/${encodeURIComponent(a)}`,
        ];
        for (const url of urls) {
          const response = await ctx.app.inject({ method: "GET", url, headers: bearer(customer.token) });
          expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
        }
      }),
      { numRuns: 60 },
    );
    expect(productId).not.toBe("");
  });
});
