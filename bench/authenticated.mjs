import { writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { apiSignIn } from "../scripts/server-process.mjs";
import { startAuthenticatedCeiling } from "./authenticated-ceiling.mjs";
import {
  autocannon,
  autocannonNewOrders,
  BENCH_ADMIN,
  BENCH_AUTH_SECRET,
  catalogueOf,
  customerToken,
  postgresDatabase,
  startStorefront,
  stop,
  table,
} from "./lib.mjs";

/**
 * Part 5: the authenticated calls on PostgreSQL (DESIGN.md section 7), each against a bare ceiling doing
 * the same work in the same run (bench/authenticated-ceiling.mjs). The catalogue holds 10 000 tools so
 * that every POST /api/ordering places a new order (the next tool), never the duplicate answer.
 */
export async function benchAuthenticated({ duration }) {
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
    const buyers = {};
    for (const who of ["storefront", "ceiling"]) {
      for (const run of ["warmUp", "measured"]) {
        buyers[`${who}.${run}`] = await customerToken(port, `buyer.${who}.${run}.${stamp}@example.com`);
      }
    }
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const ids = (await client.query("select id from products where quantity >= 100 order by id")).rows.map((r) => r.id);
    await client.end();
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
        run: (origin, _who, seconds) =>
          autocannon({
            url: `${origin}/api/ordering?userEmail=${encodeURIComponent(reader.email)}`,
            headers: bearer(reader.token),
            duration: seconds,
          }),
      },
      {
        name: "GET /api/admin/orders?limit=20",
        run: (origin) =>
          autocannon({ url: `${origin}/api/admin/orders?limit=20`, headers: bearer(admin.token), duration }),
      },
      {
        name: "POST /api/ordering (a new order each)",
        run: (origin, who, seconds, warmUp) =>
          autocannonNewOrders({
            url: `${origin}/api/ordering`,
            token: buyers[`${who}.${warmUp ? "warmUp" : "measured"}`],
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
      for (const call of calls) {
        // A second of load first, so both servers are compiled and their pools open before the measured run.
        const ceilingOrigin = `http://127.0.0.1:${ceilingPort}`;
        await call.run(base, "storefront", 1, true);
        await call.run(ceilingOrigin, "ceiling", 1, true);
        const app = await call.run(base, "storefront", duration, false);
        const bare = await call.run(ceilingOrigin, "ceiling", duration, false);
        const ratio = app.rps / bare.rps;
        // A run with failed answers on either side measures something else: the budget counts it as missed.
        results[call.name] = { share: ratio, clean: app.non2xx + app.errors + bare.non2xx + bare.errors === 0 };
        rows.push([
          call.name,
          app.rps,
          `${app.p50} / ${app.p99}`,
          bare.rps,
          `${bare.p50} / ${bare.p99}`,
          `${Math.round(ratio * 100)}%`,
          app.non2xx + app.errors,
          bare.non2xx + bare.errors,
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
      "share of ceiling",
      "non-2xx + errors",
      "bare non-2xx + errors",
    ],
    rows,
  );
  return { text, results };
}
