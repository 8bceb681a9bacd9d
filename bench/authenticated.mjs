import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { apiSignIn } from "../scripts/server-process.mjs";
import { startAuthenticatedCeiling } from "./authenticated-ceiling.mjs";
import {
  alternatingRounds,
  autocannon,
  autocannonCartCheckouts,
  autocannonNewOrders,
  BENCH_ADMIN,
  BENCH_AUTH_SECRET,
  catalogueOf,
  customerToken,
  customerTokens,
  percent,
  postgresDatabase,
  shareRange,
  startStorefront,
  stop,
  table,
} from "./lib.mjs";

/**
 * Part 5: the authenticated calls on PostgreSQL (docs/PERFORMANCE.md, 'What the budgets ask'), each against a bare
 * ceiling doing the same work in the same run (bench/authenticated-ceiling.mjs). The catalogue holds 10 000 tools so
 * that every POST /api/ordering places a new order (the next tool), never the duplicate answer, and every checkout a
 * new order of the next tool.
 */
export async function benchAuthenticated({ duration, rounds = 3 }) {
  const postgres = await postgresDatabase();
  if (!postgres) return null;
  const port = 5331;
  const ceilingPort = 5332;
  const dataDir = await catalogueOf(9988, postgres.url);
  const server = await startStorefront({ port, dataDir, env: { DATABASE_URL: postgres.url } });
  const rows = [];
  const results = {};
  try {
    const base = `http://127.0.0.1:${port}`;
    const stamp = Date.now();
    const reader = { email: `reader.${stamp}@example.com` };
    reader.token = await customerToken(port, reader.email);
    const admin = await apiSignIn(port, BENCH_ADMIN.email, BENCH_ADMIN.password);
    // One buyer per server and run: an unpaid order is one per customer and tool, so no run ever meets
    // another's order (which would be answered as a duplicate, not placed).
    const runs = ["warmUp", ...Array.from({ length: rounds }, (_, round) => `round${round}`)];
    const buyers = {};
    for (const who of ["storefront", "ceiling"]) {
      for (const run of runs) {
        buyers[`${who}.${run}`] = await customerToken(port, `buyer.${who}.${run}.${stamp}@example.com`);
      }
    }
    // Checkouts: ten buyers (one per connection) per server and run, so no cart is shared by two
    // connections and no run meets another's unpaid orders.
    const checkoutRuns = ["storefront", "ceiling"].flatMap((who) => runs.map((run) => `${who}.${run}`));
    const checkoutTokens = await customerTokens(
      port,
      checkoutRuns.flatMap((run) => Array.from({ length: 10 }, (_, i) => `checkout.${run}.${i}.${stamp}@example.com`)),
    );
    const checkoutBuyers = Object.fromEntries(
      checkoutRuns.map((run, index) => [run, checkoutTokens.slice(index * 10, index * 10 + 10)]),
    );
    const shopper = { email: `shopper.${stamp}@example.com` };
    shopper.token = await customerToken(port, shopper.email);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const ids = (await client.query("select id from products where quantity >= 100 order by id")).rows.map((r) => r.id);
    // The shopper's cart: three tools with volume prices, 150 pieces each (a tier price, and the promotion
    // of 200 pieces or more beats the first-order one).
    const cartTools = (
      await client.query(
        `select id from products where quantity >= 150 and archived_at is null
           order by jsonb_array_length(tiers) desc, id limit 3`,
      )
    ).rows.map((r) => r.id);
    await client.end();
    for (const id of cartTools) {
      const put = await fetch(`${base}/api/cart/lines/${id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${shopper.token}`, "content-type": "application/json" },
        body: JSON.stringify({ quantity: 150 }),
      });
      if (put.status !== 200) throw new Error(`cart line: ${put.status} ${await put.text()}`);
    }
    const productIdsFile = path.join(dataDir, "product-ids.json");
    writeFileSync(productIdsFile, JSON.stringify(ids));
    // The reader's list holds five orders, each with its history.
    for (const id of ids.slice(-5)) {
      await fetch(`${base}/api/ordering`, {
        method: "POST",
        headers: { authorization: `Bearer ${reader.token}`, "content-type": "application/json" },
        body: JSON.stringify({ orderId: id, quantity: 100, phone: "5550100000", address: "1 Bench Road" }),
      });
    }

    const bearer = (token) => ({ authorization: `Bearer ${token}` });
    const calls = [
      {
        name: "GET /api/ordering?userEmail= (5 orders)",
        run: (origin, _who, _run, seconds) =>
          autocannon({
            url: `${origin}/api/ordering?userEmail=${encodeURIComponent(reader.email)}`,
            headers: bearer(reader.token),
            duration: seconds,
          }),
      },
      {
        name: "GET /api/admin/orders?limit=20",
        run: (origin, _who, _run, seconds) =>
          autocannon({ url: `${origin}/api/admin/orders?limit=20`, headers: bearer(admin.token), duration: seconds }),
      },
      {
        name: "GET /api/cart (3 lines)",
        run: (origin, _who, _run, seconds) =>
          autocannon({ url: `${origin}/api/cart`, headers: bearer(shopper.token), duration: seconds }),
      },
      {
        name: "POST /api/ordering (a new order each)",
        run: (origin, who, run, seconds) =>
          autocannonNewOrders({
            url: `${origin}/api/ordering`,
            token: buyers[`${who}.${run}`],
            productIdsFile,
            duration: seconds,
          }),
      },
      {
        // req/s counts both requests of each pair; checkouts per second are half of it.
        name: "PUT /api/cart/lines + POST /api/cart/checkout, in pairs (a new order each pair; req/s counts both)",
        run: (origin, who, run, seconds) =>
          autocannonCartCheckouts({
            origin,
            tokens: checkoutBuyers[`${who}.${run}`],
            productIdsFile,
            duration: seconds,
          }),
      },
    ];
    const ceiling = await startAuthenticatedCeiling({
      port: ceilingPort,
      databaseUrl: postgres.url,
      authSecret: BENCH_AUTH_SECRET,
    });
    try {
      const origins = { storefront: base, ceiling: `http://127.0.0.1:${ceilingPort}` };
      for (const call of calls) {
        // A second of load first, so both servers are compiled and their pools open before the measured run.
        await call.run(origins.storefront, "storefront", "warmUp", 1);
        await call.run(origins.ceiling, "ceiling", "warmUp", 1);
        // Rounds of one run each, the order alternating; the median share counts.
        const { app, bare, ratio, ratios, measured } = await alternatingRounds(rounds, (who, round) =>
          call.run(origins[who], who, `round${round}`, duration),
        );
        const failed = (run) => run.non2xx + run.errors;
        // A run with failed answers on either side measures something else: the budget counts it as missed.
        const appFailed = measured.reduce((sum, m) => sum + failed(m.app), 0);
        const bareFailed = measured.reduce((sum, m) => sum + failed(m.bare), 0);
        results[call.name] = { share: ratio, clean: appFailed + bareFailed === 0 };
        rows.push([
          call.name,
          app.rps,
          `${app.p50} / ${app.p99}`,
          bare.rps,
          `${bare.p50} / ${bare.p99}`,
          percent(ratio),
          shareRange(ratios),
          appFailed,
          bareFailed,
        ]);
      }
    } finally {
      await ceiling.close();
    }
  } finally {
    await stop(server);
    await postgres.drop();
  }
  const text = table(
    [
      "call (PostgreSQL)",
      "req/s",
      "p50 / p99 ms",
      "bare req/s",
      "bare p50 / p99 ms",
      "share of ceiling (median round)",
      `shares of ${rounds} rounds`,
      "non-2xx + errors (all rounds)",
      "bare non-2xx + errors (all rounds)",
    ],
    rows,
  );
  return { text, results };
}
