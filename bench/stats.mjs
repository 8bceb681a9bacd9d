import { apiSignIn } from "../scripts/server-process.mjs";
import { BENCH_ADMIN, root, startStorefront, stop, table } from "./lib.mjs";
import { LOAD_COLUMNS, loadCells, measuredLoad, seededDatabase } from "./seeded-load.mjs";

/** How many orders the overview's bench adds, spread over the last 180 days. */
export const STATS_ORDERS = 100_000;
/**
 * The budget (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner' and issue 25): GET /api/admin/stats within
 * 100 ms at the 99th percentile.
 */
export const STATS_P99_MS = 100;
/**
 * An admin or two opening the overview at once: the page is no public one (docs/SELLING-TO-BUSINESSES.md, 'Overview for
 * the shop owner').
 */
export const STATS_CONNECTIONS = 2;
const CONNECTIONS = STATS_CONNECTIONS;

/**
 * 100 000 orders of the seeded tools written straight into the database with one INSERT … SELECT from
 * generate_series each (orders, their lines, the refunds' payments and refunds), as the shop would have
 * after half a year: 60% delivered, 10% shipped, 10% paid, 10% unpaid, 5% cancelled, 5% refunded
 * (paid, then refunded a day later), placed over the last 180 days, paid an hour after.
 */
const SEED_ORDERS = `
with tools as (
  select array_agg(id order by id) ids, array_agg(name order by id) names, array_agg(price_cents order by id) prices,
         count(*)::int n
    from products
), generated as (
  select g,
         tools.ids[1 + g % tools.n] product_id, tools.names[1 + g % tools.n] product_name,
         tools.prices[1 + g % tools.n]::bigint unit_cents, 100 + (g % 5) * 25 quantity,
         case when g % 20 < 12 then 'delivered' when g % 20 < 14 then 'shipped' when g % 20 < 16 then 'paid'
              when g % 20 < 18 then 'unpaid' when g % 20 = 18 then 'cancelled' else 'refunded' end status,
         now() - make_interval(secs => (g * 155.52)::int % (180 * 86400)) created_at
    from generate_series(1, ${STATS_ORDERS}) g, tools
)
insert into orders (product_id, product_name, unit_price_cents, quantity, line_count, subtotal_cents, total_cents,
                    user_email, user_name, phone, address, fulfilment_status, payment_status, amount_paid_cents,
                    paid_at, created_at)
select product_id, product_name, unit_cents, quantity, 1, unit_cents * quantity, unit_cents * quantity,
       'stats.buyer.' || (g % 2000) || '@example.com', 'Bench Buyer', '5550100000', '1 Bench Road',
       case when status in ('unpaid', 'paid') then 'open' when status = 'refunded' then 'cancelled' else status end,
       case when status in ('paid', 'shipped', 'delivered') then 'paid' when status = 'refunded' then 'refunded'
            else 'unpaid' end,
       case when status in ('paid', 'shipped', 'delivered') then unit_cents * quantity else 0 end,
       case when status in ('paid', 'shipped', 'delivered', 'refunded') then created_at + interval '1 hour' end,
       created_at
  from generated`;

const SEED_LINES = `
insert into order_lines (order_id, position, product_id, sku, name, quantity, list_unit_cents, unit_cents,
                         price_source, discount_cents, total_cents)
select o.id, 0, o.product_id, p.sku, o.product_name, o.quantity, o.unit_price_cents, o.unit_price_cents, 'list', 0,
       o.total_cents
  from orders o join products p on p.id = o.product_id`;

const SEED_REFUNDS = `
with intents as (
  insert into payment_intents (id, provider, order_id, amount_cents, client_secret, status, created_at)
  select 'pi_bench_' || o.id, 'test', o.id, o.total_cents, 'secret_bench_' || o.id, 'succeeded', o.paid_at
    from orders o where o.status = 'refunded'
  returning id, amount_cents, created_at
)
insert into payment_refunds (id, intent_id, amount_cents, reason, created_at)
select 're_' || id, id, amount_cents, 'order-refunded', created_at + interval '1 day' from intents`;

/** A fresh database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite) with the seed and the orders. */
export function databaseWithOrders() {
  return seededDatabase({
    steps: [
      SEED_ORDERS,
      SEED_LINES,
      SEED_REFUNDS,
      // Orders written without the shop: what each tool sold per day, counted from them as the shop would have.
      async (db) => {
        const { recountSalesByDay } = await import(`${root}/server/dist/ordering/queries/sales.js`);
        await recountSalesByDay(db);
      },
    ],
  });
}

/**
 * GET /api/admin/stats (the default range: 90 days) on a shop with 100 000 orders, as an admin, on
 * PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
 */
export async function benchStats({ duration }) {
  const { postgres, dataDir, seconds } = await databaseWithOrders();
  const port = 5351;
  const server = await startStorefront({
    port,
    dataDir,
    env: postgres ? { DATABASE_URL: postgres.url } : {},
  });
  try {
    const admin = await apiSignIn(port, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const url = `http://127.0.0.1:${port}/api/admin/stats`;
    const headers = { authorization: `Bearer ${admin.token}` };
    const firstStarted = performance.now();
    const answer = await fetch(url, { headers });
    const firstMs = performance.now() - firstStarted;
    if (answer.status !== 200) throw new Error(`GET /api/admin/stats: ${answer.status} ${await answer.text()}`);
    const stats = await answer.json();
    // The server's CPU time per answer alongside the latencies (PGlite's queries run inside its process).
    const measured = await measuredLoad({
      pid: server.pid,
      url,
      headers,
      duration,
      connections: CONNECTIONS,
      databaseUrl: postgres?.url,
    });
    const database = postgres ? "PostgreSQL" : "PGlite";
    const call = `GET /api/admin/stats (90 days) on ${STATS_ORDERS.toLocaleString("en-US")} orders`;
    const text = table(
      ["database", "call", ...LOAD_COLUMNS, "first answer (counts the past days)", "seeded in"],
      [[database, call, ...loadCells(measured), `${Math.round(firstMs)} ms`, `${seconds} s`]],
    );
    const figures = `The answer: ${stats.ordersToShip} orders to ship, ${stats.topTools.length} top tools, ${stats.revenueByDay.length} days.`;
    return { text: `${text}\n\n${figures}`, call: `${call} on ${database}`, result: measured.result };
  } finally {
    await stop(server);
    await postgres?.drop();
  }
}
