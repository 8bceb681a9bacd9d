import pg from "pg";
import { catalogueOf, freshDataDir, postgresDatabase, root, startStorefront, stop, table } from "./lib.mjs";

/** Every run of 1000 schedules due at one minute placed within a minute by three instances (issue 49). */
export const RECURRING_BUDGET_S = 60;
const SCHEDULES = 1000;
/** Buyers: each holds 10 schedules of 10 different tools, so no run waits on another's unpaid order of its tool. */
const BUYERS = 100;
const INSTANCES = 3;

/**
 * Part "recurring" (docs/RECURRING.md, 'Exactly once'): three built storefronts on one PostgreSQL, each running the
 * scheduler every 5 s, and 1000 weekly schedules whose first run is today, written straight into the database before
 * they start. Measured from the first run made to the last one done (`recurring_runs.created_at` to `done_at`);
 * checked: every run placed, one order each, no order more. PostgreSQL only (three instances share one database).
 */
export async function benchRecurring() {
  const postgres = await postgresDatabase();
  if (!postgres) return null;
  const dataDir = await catalogueOf(SCHEDULES, postgres.url, { stock: 1_000_000 });
  const { openDatabase } = await import(`${root}/server/dist/db/client.js`);
  const { insertSchedule } = await import(`${root}/server/dist/recurring/queries.js`);
  const database = await openDatabase({ databaseUrl: postgres.url, dataDir });
  const today = new Date().toISOString().slice(0, 10);
  for (let index = 0; index < SCHEDULES; index += 1) {
    await insertSchedule(database.db, {
      userEmail: `recurring.${index % BUYERS}@example.com`,
      companyId: null,
      name: `Bench ${index}`,
      lines: [{ sku: `GEN-${index}`, quantity: 100 }],
      everyWeeks: 1,
      startsOn: today,
      nextRunOn: today,
      phone: "5550100000",
      address: "1 Bench Road",
    });
  }
  await database.close();
  const servers = [];
  const sql = new pg.Client({ connectionString: postgres.url });
  try {
    for (let instance = 0; instance < INSTANCES; instance += 1) {
      servers.push(
        await startStorefront({
          port: 5341 + instance,
          dataDir: instance === 0 ? dataDir : freshDataDir(`recurring-${instance}`),
          env: { DATABASE_URL: postgres.url, RECURRING_CHECK_MS: "5000", SHOP_TIME_ZONE: "UTC" },
        }),
      );
    }
    await sql.connect();
    const deadline = Date.now() + 3 * RECURRING_BUDGET_S * 1000;
    let done = 0;
    while (Date.now() < deadline) {
      const counted = await sql.query("select count(*)::int as done from recurring_runs where status <> 'due'");
      done = counted.rows[0].done;
      if (done >= SCHEDULES) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const runs = await sql.query(`select count(*)::int as runs,
        count(*) filter (where status = 'placed')::int as placed,
        count(*) filter (where status = 'failed')::int as failed,
        count(distinct order_id)::int as orders,
        extract(epoch from max(done_at) - min(created_at))::float as seconds
      from recurring_runs`);
    const orders = (await sql.query("select count(*)::int as orders from orders")).rows[0].orders;
    const result = { ...runs.rows[0], allOrders: orders };
    const once =
      result.runs === SCHEDULES && result.placed === SCHEDULES && result.orders === SCHEDULES && orders === SCHEDULES;
    const text = table(
      ["schedules due", "instances", "runs", "placed", "failed", "orders", "seconds, first run made to last done"],
      [[SCHEDULES, INSTANCES, result.runs, result.placed, result.failed, orders, result.seconds?.toFixed(1) ?? "-"]],
    );
    return { text, seconds: result.seconds ?? Number.POSITIVE_INFINITY, once };
  } finally {
    await sql.end().catch(() => {});
    for (const server of servers) await stop(server);
    await postgres.drop();
  }
}
