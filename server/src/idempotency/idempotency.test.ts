import type { Order, Product } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresDatabase } from "../db/client.js";
import { KEYED_REQUESTS_PER_TEN_MINUTES } from "../rate-limit/account-allowances.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps, VISA } from "../test/orders.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp } from "../test/test-app.js";
import { within } from "../test/within.js";
import { KEY_REUSED, STILL_RUNNING } from "./hooks.js";
import { sweepKeys } from "./queries.js";

/**
 * Idempotency keys on the routes that create or move money (docs/decisions/042-idempotency-keys.md): a
 * repeat gets the first answer byte for byte, nothing is done twice, and a key is its account's own.
 */
describe("Idempotency-Key", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof orderSteps>;
  let tool: Product;

  beforeAll(async () => {
    ctx = await createTestApp();
    steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
    tool = await steps.newTool(1_000_000);
  });
  afterAll(() => ctx.close());

  let keys = 0;
  const newKey = () => `key-${process.pid}-${++keys}-${Date.now()}`;

  const post = (who: TestAccount, url: string, payload: object, key?: string) =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: { ...bearer(who.token), ...(key !== undefined && { "idempotency-key": key }) },
      payload,
    });
  const orderNow = (who: TestAccount, key?: string, quantity = 150) =>
    post(who, "/api/ordering", { orderId: tool._id, quantity, ...CONTACT }, key);
  const ordersOf = async (who: TestAccount) =>
    (
      await ctx.app.inject({ method: "GET", url: `/api/ordering?userEmail=${who.email}`, headers: bearer(who.token) })
    ).json<Order[]>();
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await ctx.app.db.execute(query)) as { rows: unknown[] }).rows;
  const keyRow = (account: string, key: string) =>
    rowsOf(sql`select status, owner from idempotency_keys where account = ${account} and key = ${key}`);

  it("answers a repeat with the first answer, byte for byte, and places one order", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    const first = await orderNow(buyer, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await orderNow(buyer, key);
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it("checks out a cart once, and pays an order once, under one key each", async () => {
    const buyer = await signUp(ctx.app);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/cart/lines/${tool._id}`,
      headers: bearer(buyer.token),
      payload: { quantity: 150 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const total = put.json().total;
    const key = newKey();
    const placed = await post(buyer, "/api/cart/checkout", { ...CONTACT, expectedTotal: total }, key);
    expect(placed.statusCode, placed.body).toBe(201);
    const again = await post(buyer, "/api/cart/checkout", { ...CONTACT, expectedTotal: total }, key);
    expect(again.body).toBe(placed.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const [order] = await ordersOf(buyer);
    expect(await ordersOf(buyer)).toHaveLength(1);

    const intentKey = newKey();
    const intent = await post(
      buyer,
      "/api/create-payment-intent",
      { orderId: order?._id, price: order?.price },
      intentKey,
    );
    expect(intent.statusCode, intent.body).toBe(200);
    const confirmKey = newKey();
    const confirmation = { clientSecret: intent.json().clientSecret, ...VISA };
    const paid = await post(buyer, "/api/payments/test/confirm", confirmation, confirmKey);
    expect(paid.statusCode, paid.body).toBe(200);
    const repeat = await post(buyer, "/api/payments/test/confirm", confirmation, confirmKey);
    expect(repeat.body).toBe(paid.body);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    // Without the key the same confirmation runs again, and finds the order paid.
    expect((await post(buyer, "/api/payments/test/confirm", confirmation)).statusCode).toBe(409);
  });

  it("refuses the same key with another body (422), doing nothing", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    expect((await orderNow(buyer, key, 150)).statusCode).toBe(201);
    const other = await orderNow(buyer, key, 160);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(KEY_REUSED);
    // Another route under the same key is another request too.
    const elsewhere = await post(buyer, "/api/cart/checkout", { ...CONTACT, expectedTotal: 1 }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it("answers 409 while the first request with the key is still running, and places one order", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    const answers = await Promise.all([orderNow(buyer, key), orderNow(buyer, key), orderNow(buyer, key)]);
    const placed = answers.filter((answer) => answer.statusCode === 201);
    for (const answer of answers) {
      if (answer.statusCode === 409) expect(answer.json().message).toBe(STILL_RUNNING);
      else expect(answer.body).toBe(placed[0]?.body);
    }
    // One ran; the others were told to wait, or given its answer.
    expect(placed.filter((answer) => answer.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
    expect(await ordersOf(buyer)).toHaveLength(1);

    // A request of this very instance still under way, as the database shows it to the next one.
    await ctx.app.db.execute(
      sql`update idempotency_keys set status = null, body = null, owner = ${ctx.instance} where key = ${key}`,
    );
    const running = await orderNow(buyer, key);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(STILL_RUNNING);
    expect(running.headers["retry-after"]).toBe("1");
  });

  it("lets a retry run when the instance that ran the first died before it answered", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    expect((await orderNow(buyer, key)).statusCode).toBe(201);
    // The first request's instance is gone (SIGKILL) and left its claim unanswered.
    await ctx.app.db.execute(
      sql`update idempotency_keys set status = null, body = null, owner = ${ctx.instance + 1} where key = ${key}`,
    );
    const retry = await orderNow(buyer, key);
    // It ran again, and the route's own rule (one open order per tool) refused a second order.
    expect(retry.json()).toEqual({ success: false, insertedId: null });
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keyRow(buyer.email, key)).toEqual([{ status: 200, owner: null }]);
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it("keeps each account's keys apart", async () => {
    const [one, two] = [await signUp(ctx.app), await signUp(ctx.app)];
    const key = newKey();
    const first = await orderNow(one, key);
    const second = await orderNow(two, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.json().insertedId).not.toBe(first.json().insertedId);
    expect(await ordersOf(two)).toHaveLength(1);
  });

  it("forgets a key after 24 hours, and the sweep deletes it", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    const first = await orderNow(buyer, key);
    expect(first.statusCode).toBe(201);
    await ctx.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await orderNow(buyer, key);
    // Run again: the buyer's open order of this tool refuses a second one.
    expect(later.json()).toEqual({ success: false, insertedId: null });
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keyRow(buyer.email, key)).toEqual([{ status: 200, owner: null }]);
    await ctx.app.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    expect(await sweepKeys(ctx.app.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(buyer.email, key)).toEqual([]);
  });

  it("refuses a key that is empty, too long or holds a control character (400 naming the header)", async () => {
    const buyer = await signUp(ctx.app);
    for (const key of ["", "k".repeat(256), "tab\there", "é-accent"]) {
      const refused = await orderNow(buyer, key);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "idempotency-key", message: expect.stringMatching(/printable/) },
      ]);
    }
    expect((await orderNow(buyer, "k".repeat(255))).statusCode).toBe(201);
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it("keeps no answer for a refusal: the table holds nothing, and a repeat after fixing the request runs", async () => {
    const buyer = await signUp(ctx.app);
    const key = newKey();
    // Nothing in the cart: a 409 refusal, written nowhere.
    const refused = await post(buyer, "/api/cart/checkout", { ...CONTACT, expectedTotal: 0 }, key);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await keyRow(buyer.email, key)).toEqual([]);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/cart/lines/${tool._id}`,
      headers: bearer(buyer.token),
      payload: { quantity: 150 },
    });
    const placed = await post(buyer, "/api/cart/checkout", { ...CONTACT, expectedTotal: put.json().total }, key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers["idempotent-replayed"]).toBeUndefined();
    expect(await keyRow(buyer.email, key)).toEqual([{ status: 201, owner: null }]);
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it(`answers 429 past ${KEYED_REQUESTS_PER_TEN_MINUTES} keyed requests in 10 minutes per account`, async () => {
    const [sender, other] = [await signUp(ctx.app), await signUp(ctx.app)];
    const refusedCheckout = (who: TestAccount) =>
      post(who, "/api/cart/checkout", { ...CONTACT, expectedTotal: 0 }, newKey());
    for (let sent = 0; sent < KEYED_REQUESTS_PER_TEN_MINUTES; sent++) {
      expect((await refusedCheckout(sender)).statusCode).toBe(409);
    }
    const over = await refusedCheckout(sender);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(9 * 60);
    expect(over.json().message).toBe(
      `You can send at most ${KEYED_REQUESTS_PER_TEN_MINUTES} requests with an Idempotency-Key in 10 minutes. Please try again in 10 minutes.`,
    );
    // Without a key the route answers as before, and another account has its own allowance.
    expect((await post(sender, "/api/cart/checkout", { ...CONTACT, expectedTotal: 0 })).statusCode).toBe(409);
    expect((await refusedCheckout(other)).statusCode).toBe(409);
    expect(await rowsOf(sql`select 1 from idempotency_keys where account = ${sender.email}`)).toEqual([]);
  });

  it("works as before without a key", async () => {
    const buyer = await signUp(ctx.app);
    expect((await orderNow(buyer)).statusCode).toBe(201);
    expect(await rowsOf(sql`select 1 from idempotency_keys where account = ${buyer.email}`)).toEqual([]);
  });
});

describe("Idempotency-Key after a failure", () => {
  it("keeps no 5xx answer, so the retry runs again", async () => {
    // A payment provider that does not answer: every intent is a 502.
    const ctx = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: "sk_test_idempotency",
        STRIPE_PUBLISHABLE_KEY: "pk_test_idempotency",
        STRIPE_WEBHOOK_SECRET: "whsec_idempotency",
        STRIPE_API_URL: "http://127.0.0.1:9",
      },
    });
    try {
      const steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
      const buyer = await signUp(ctx.app);
      const order = await steps.placeOrder(buyer);
      const send = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/create-payment-intent",
          headers: { ...bearer(buyer.token), "idempotency-key": "pay-once" },
          payload: { orderId: order._id, price: order.price },
        });
      for (const answer of [await send(), await send()]) {
        expect(answer.statusCode).toBe(502);
        expect(answer.headers["idempotent-replayed"]).toBeUndefined();
      }
      const kept = (await ctx.app.db.execute(sql`select 1 from idempotency_keys`)) as { rows: unknown[] };
      expect(kept.rows).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  serverUrl ? "an instance's sign of life on PostgreSQL" : `an instance's sign of life: ${NEEDS_POSTGRES}`,
  () => {
    it("is held while the instance's listening connection lives, and gone the moment it ends", async () => {
      const database = await emptyPostgresDatabase(serverUrl ?? "");
      const [one, other] = [postgresDatabase(database.url, 1), postgresDatabase(database.url, 1)];
      try {
        const listener = one.listen?.("idempotency_test", {
          onNotification: () => {},
          onReconnected: () => {},
          onError: () => {},
        });
        await listener?.ready;
        expect(await other.instanceAlive(one.instance)).toBe(true);
        expect(await other.instanceAlive(one.instance + 1)).toBe(false);
        await listener?.close();
        await within(2000, async () => ((await other.instanceAlive(one.instance)) ? undefined : true));
      } finally {
        await Promise.all([one.close(), other.close()]);
        await database.drop();
      }
    });
  },
);
