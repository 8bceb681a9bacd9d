import type { Product, Schedule } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { runDueSchedules } from "./run.js";

const HOUR_MS = 3_600_000;

/**
 * The scheduler on an injected clock (decision 070): through month ends (day 31 on Feb 28 and 29, Apr 30) and
 * through Berlin's changes of daylight saving time, with SHOP_TIME_ZONE=Europe/Berlin: a run is placed from its
 * day's midnight in Berlin, whichever UTC hour that is.
 */
describe("recurring orders on a walking clock in Europe/Berlin", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let buyer: TestAccount;
  let tool: Product;
  let other: Product;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { SHOP_TIME_ZONE: "Europe/Berlin", RECURRING_CHECK_MS: "3600000" } });
    admin = await signUp(ctx.app, { admin: true });
    buyer = await signUp(ctx.app);
    const add = async (sku: string) => {
      const added = await ctx.app.inject({
        method: "POST",
        url: "/api/product",
        headers: bearer(admin.token),
        payload: {
          name: `Walking Clock ${sku}`,
          sku,
          price: 10,
          quantity: 100_000,
          description: "For the clock walk.",
          image: "/images/x.webp",
        },
      });
      return (await ctx.app.inject({ method: "GET", url: `/api/product/${added.json().insertedId}` })).json<Product>();
    };
    // Two tools: two runs on one day of one tool would meet the rule of one unpaid order per tool and buyer.
    tool = await add("WALK-DRILL");
    other = await add("WALK-SAW");
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(buyer.token), ...(payload ? { payload } : {}) });

  async function schedule(every: object, startsOn: string, sku = tool.sku): Promise<string> {
    const list = await call("POST", "/api/lists", { name: `Walk ${startsOn}`, lines: [{ sku, quantity: 100 }] });
    const made = await call("POST", "/api/recurring", {
      ...CONTACT,
      from: { listId: list.json().insertedId },
      every,
      startsOn,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().insertedId;
  }

  /**
   * Walks the clock from `from` to `to` in steps of `stepMs`, a scheduler round at each; each order a run places is
   * cancelled at once, so the next run is not refused for a tool held in an unpaid order. Answers the UTC moments
   * of the rounds that placed something.
   */
  async function walk(from: string, to: string, stepMs: number): Promise<string[]> {
    const placedAt: string[] = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += stepMs) {
      const outcome = await runDueSchedules(ctx.app, new Date(at));
      expect(outcome.failed).toBe(0);
      if (outcome.placed === 0) continue;
      placedAt.push(new Date(at).toISOString());
      for (const one of (await call("GET", "/api/recurring")).json<Schedule[]>()) {
        for (const run of one.runs) {
          if (!run.orderId) continue;
          const order = (await call("GET", `/api/ordering/${run.orderId}`)).json();
          if (order.status === "unpaid") await call("POST", `/api/ordering/${run.orderId}/cancel`);
        }
      }
    }
    return placedAt;
  }

  const runDays = async (id: string) =>
    (await call("GET", `/api/recurring/${id}`))
      .json<Schedule>()
      .runs.map((run) => `${run.runOn} ${run.status}`)
      .reverse();

  it("places a run at its day's midnight in Berlin across both changes of daylight saving time", async () => {
    // Summer time starts at 01:00 UTC on 28 March 2027: 28 March begins at 23:00 UTC on the 27th (UTC+1).
    const spring = await schedule({ weeks: 1 }, "2027-03-28");
    expect(await walk("2027-03-27T20:00:00Z", "2027-03-28T03:00:00Z", HOUR_MS)).toEqual(["2027-03-27T23:00:00.000Z"]);
    // The next, on 4 April, begins at 22:00 UTC on the 3rd (UTC+2).
    expect(await walk("2027-04-03T19:00:00Z", "2027-04-04T01:00:00Z", HOUR_MS)).toEqual(["2027-04-03T22:00:00.000Z"]);
    expect(await runDays(spring)).toEqual(["2027-03-28 placed", "2027-04-04 placed"]);
    await call("POST", `/api/recurring/${spring}/end`);
    // Summer time ends at 01:00 UTC on 31 October 2027: 31 October begins at 22:00 UTC on the 30th (UTC+2),
    // 7 November at 23:00 UTC on the 6th (UTC+1).
    const autumn = await schedule({ weeks: 1 }, "2027-10-31");
    expect(await walk("2027-10-30T19:00:00Z", "2027-10-31T02:00:00Z", HOUR_MS)).toEqual(["2027-10-30T22:00:00.000Z"]);
    expect(await walk("2027-11-06T20:00:00Z", "2027-11-07T02:00:00Z", HOUR_MS)).toEqual(["2027-11-06T23:00:00.000Z"]);
    expect(await runDays(autumn)).toEqual(["2027-10-31 placed", "2027-11-07 placed"]);
    await call("POST", `/api/recurring/${autumn}/end`);
  });

  it("runs monthly on day 31 on the last day of shorter months: Feb 28, Feb 29 in a leap year, Apr 30", async () => {
    const plain = await schedule({ months: 1, day: 31 }, "2027-12-31");
    const leap = await schedule({ months: 2, day: 31 }, "2028-02-01", other.sku);
    // A round every day at 10:00 UTC (noon in Berlin in summer, 11:00 in winter).
    await walk("2027-12-30T10:00:00Z", "2028-05-02T10:00:00Z", 24 * HOUR_MS);
    expect(await runDays(plain)).toEqual([
      "2027-12-31 placed",
      "2028-01-31 placed",
      "2028-02-29 placed",
      "2028-03-31 placed",
      "2028-04-30 placed",
    ]);
    expect(await runDays(leap)).toEqual(["2028-02-29 placed", "2028-04-30 placed"]);
    await call("POST", `/api/recurring/${plain}/end`);
    await call("POST", `/api/recurring/${leap}/end`);
    const common = await schedule({ months: 1, day: 31 }, "2029-01-31");
    await walk("2029-01-30T10:00:00Z", "2029-03-01T10:00:00Z", 24 * HOUR_MS);
    expect(await runDays(common)).toEqual(["2029-01-31 placed", "2029-02-28 placed"]);
  });
});
