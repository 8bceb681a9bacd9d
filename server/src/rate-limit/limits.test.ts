import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";
import { databaseLimits, type Limits } from "./queries.js";
import { redisLimits } from "./redis.js";

const redisUrl = process.env.TEST_REDIS_URL;
const NEEDS_REDIS = "needs TEST_REDIS_URL (a Redis server; .ci/run sets it when one answers on 127.0.0.1:6379)";

/** What every implementation of the shared counters must do; keys are new each run, as Redis outlives it. */
function countersBehaveAlike(open: () => Promise<{ limits: Limits; close(): Promise<void> }>) {
  let limits: Limits;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ limits, close } = await open());
  });
  afterAll(() => close());
  const key = (name: string) => `${name}:${randomUUID()}`;

  it("hit: counts calls in a window that starts with the first and ends on time", async () => {
    const address = key("address");
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await limits.hit(address, 400));
    expect(counts.map((hit) => hit.count)).toEqual([1, 2, 3]);
    for (const { msLeft } of counts) {
      expect(msLeft).toBeGreaterThan(0);
      expect(msLeft).toBeLessThanOrEqual(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await limits.hit(address, 400)).count).toBe(1);
  });

  it("consume: the (max + 1)th attempt locks the key for lockMs; clear lifts it", async () => {
    const account = key("sign-in");
    const rule = { max: 2, windowMs: 60_000, lockMs: 120_000 };
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limits.consume(account, rule));
    expect(waits).toEqual([0, 0, 120, 120]);
    await limits.clear(account);
    expect(await limits.consume(account, rule)).toBe(0);
  });

  it("consume: parallel attempts cannot slip past the count", async () => {
    const account = key("sign-in");
    const rule = { max: 5, windowMs: 60_000, lockMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 12 }, () => limits.consume(account, rule)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("clearUnder: forgets the key and the keys under it, not one that merely starts alike", async () => {
    const account = key("sign-in");
    const rule = { max: 1, windowMs: 60_000, lockMs: 60_000 };
    for (const locked of [account, `${account}:198.51.100.7`, `${account}.other`]) {
      expect([await limits.consume(locked, rule), await limits.consume(locked, rule)]).toEqual([0, 60]);
    }
    await limits.clearUnder(account);
    expect(await limits.consume(account, rule)).toBe(0);
    expect(await limits.consume(`${account}:198.51.100.7`, rule)).toBe(0);
    expect(await limits.consume(`${account}.other`, rule)).toBe(60);
  });
}

describe("shared counters in the database", () => {
  countersBehaveAlike(async () => {
    const ctx = await createTestApp();
    return { limits: databaseLimits(ctx.db), close: ctx.close };
  });
});

describe.skipIf(!redisUrl)(redisUrl ? "shared counters in Redis" : `shared counters in Redis: ${NEEDS_REDIS}`, () => {
  countersBehaveAlike(async () => {
    const limits = redisLimits(redisUrl as string);
    return { limits, close: limits.close };
  });

  it("two instances with REDIS_URL share one allowance per address: the 11th newsletter call in a minute is refused", async () => {
    const [a, b] = await Promise.all([
      createTestApp({ env: { REDIS_URL: redisUrl as string } }),
      createTestApp({ env: { REDIS_URL: redisUrl as string } }),
    ]);
    try {
      // An address of its own: Redis outlives the run, and other runs count there too.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        const response = await app.inject({
          method: "POST",
          url: "/api/newsletter",
          payload: { email: `reader${i}@example.com` },
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
