import type { Product } from "@forgeline/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp } from "../test/test-app.js";
import { runDueSchedules } from "./run.js";

const serverUrl = process.env.TEST_DATABASE_URL;
const BUYERS = 24;
const FAILING = 3;

/**
 * Exactly once (decision 070): three instances of the app, each with its own pool, on one PostgreSQL, run their
 * schedulers at the same minute; every run makes one order, or one record of why not with one mail, and a second
 * round of all three makes nothing more.
 */
describe.skipIf(!serverUrl)(
  serverUrl ? "three schedulers on one PostgreSQL" : `three schedulers on one PostgreSQL: ${NEEDS_POSTGRES}`,
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
    let sql: pg.Client;

    beforeAll(async () => {
      database = await emptyPostgresDatabase(serverUrl as string);
      // One after the other: the first migrates the empty database, the others find it migrated.
      for (let instance = 0; instance < 3; instance += 1) {
        apps.push(await createTestApp({ databaseUrl: database.url, env: { RECURRING_CHECK_MS: "3600000" } }));
      }
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
    });
    afterAll(async () => {
      await sql?.end();
      for (const app of apps) await app.close();
      await database?.drop();
    });

    it("places each run of schedules due at one minute exactly once across three instances", async () => {
      const [first] = apps as [Awaited<ReturnType<typeof createTestApp>>];
      const app = first.app;
      const admin = await signUp(app, { admin: true });
      const addTool = async (sku: string) => {
        const added = await app.inject({
          method: "POST",
          url: "/api/product",
          headers: bearer(admin.token),
          payload: {
            name: `Three ${sku}`,
            sku,
            price: 10,
            quantity: 100_000,
            description: "Three.",
            image: "/images/x.webp",
          },
        });
        return (await app.inject({ method: "GET", url: `/api/product/${added.json().insertedId}` })).json<Product>();
      };
      const [drill, gone] = [await addTool("THREE-DRILL"), await addTool("THREE-GONE")];
      const buyers: TestAccount[] = [];
      for (let index = 0; index < BUYERS + FAILING; index += 1) {
        const buyer = await signUp(app, { confirmed: true });
        const sku = index < BUYERS ? drill.sku : gone.sku;
        const headers = bearer(buyer.token);
        const list = await app.inject({
          method: "POST",
          url: "/api/lists",
          headers,
          payload: { name: "Weekly", lines: [{ sku, quantity: 100 }] },
        });
        const made = await app.inject({
          method: "POST",
          url: "/api/recurring",
          headers,
          payload: {
            ...CONTACT,
            from: { listId: list.json().insertedId },
            every: { weeks: 1 },
            startsOn: "2033-05-02",
          },
        });
        expect(made.statusCode, made.body).toBe(201);
        buyers.push(buyer);
      }
      await app.inject({ method: "DELETE", url: `/api/product/${gone._id}`, headers: bearer(admin.token) });

      const minute = new Date("2033-05-02T07:00:00Z");
      const rounds = await Promise.all(apps.map((instance) => runDueSchedules(instance.app, minute)));
      const sum = (key: "placed" | "failed") => rounds.reduce((total, round) => total + round[key], 0);
      expect({ placed: sum("placed"), failed: sum("failed") }).toEqual({ placed: BUYERS, failed: FAILING });

      const runs = await sql.query(
        "select status, count(*)::int as runs, count(distinct order_id)::int as orders from recurring_runs group by status order by status",
      );
      expect(runs.rows).toEqual([
        { status: "failed", runs: FAILING, orders: 0 },
        { status: "placed", runs: BUYERS, orders: BUYERS },
      ]);
      const orders = await sql.query(
        "select count(*)::int as orders, count(distinct user_email)::int as buyers from orders",
      );
      expect(orders.rows[0]).toEqual({ orders: BUYERS, buyers: BUYERS });
      const mails = await sql.query(
        "select template, count(*)::int as mails from mail_outbox where template in ('order-placed', 'recurring-run-failed') group by template order by template",
      );
      expect(mails.rows).toEqual([
        { template: "order-placed", mails: BUYERS },
        { template: "recurring-run-failed", mails: FAILING },
      ]);

      // The same minute again on all three, and the rest of the day: nothing more.
      const again = await Promise.all(apps.map((instance) => runDueSchedules(instance.app, minute)));
      expect(again.map((round) => round.placed + round.failed)).toEqual([0, 0, 0]);
      const later = await Promise.all(
        apps.map((instance) => runDueSchedules(instance.app, new Date("2033-05-02T23:59:00Z"))),
      );
      expect(later.map((round) => round.placed + round.failed)).toEqual([0, 0, 0]);
      expect((await sql.query("select count(*)::int as orders from orders")).rows[0].orders).toBe(BUYERS);
    });
  },
);
