import { createServer } from "node:http";
import {
  alternatingRounds,
  autocannon,
  customerToken,
  freshDataDir,
  percent,
  postgresDatabase,
  shareRange,
  startStorefront,
  stop,
  table,
} from "./lib.mjs";

/**
 * A plain node:http server answering the exact bytes and headers the storefront answered: the ceiling for
 * Node on this machine. The storefront's req/s is reported as a share of it, measured in the same run.
 */
export function startCeiling(port, responses) {
  const server = createServer((request, response) => {
    const key = `${request.method} ${request.url}`;
    const answer = responses.get(key);
    request.resume();
    request.on("end", () => {
      response.writeHead(answer?.status ?? 404, answer?.headers ?? {});
      response.end(answer?.body ?? "");
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export async function capture(url, init) {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  // Every header but those node:http writes itself, so both servers put the same bytes on the wire.
  const headers = {};
  for (const [name, value] of response.headers) {
    if (!["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name))
      headers[name] = value;
  }
  return { status: response.status, headers, body };
}

/**
 * Part 1: throughput and latency of three calls, on PGlite and (when reachable) PostgreSQL, each as
 * `rounds` alternating rounds of a storefront run and a ceiling run (the median share counts).
 */
export async function benchApi({ duration, rounds = 3 }) {
  const rows = [];
  const results = {};
  const databases = [{ name: "PGlite", env: {} }];
  const postgres = await postgresDatabase();
  if (postgres) databases.push({ name: "PostgreSQL", env: { DATABASE_URL: postgres.url } });

  for (const database of databases) {
    const port = 5301;
    const server = await startStorefront({ port, dataDir: freshDataDir("api"), env: database.env });
    try {
      const base = `http://127.0.0.1:${port}`;
      const token = await customerToken(port, `bench.${Date.now()}@example.com`);
      const [product] = await (await fetch(`${base}/api/product?limit=1`)).json();
      const orderBody = JSON.stringify({
        orderId: product._id,
        quantity: 100,
        phone: "5550100000",
        address: "1 Bench Road",
      });
      const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const calls = [
        { name: "GET /api/product?limit=20", method: "GET", path: "/api/product?limit=20" },
        { name: "GET /api/review", method: "GET", path: "/api/review" },
        {
          name: "POST /api/ordering (authenticated)",
          method: "POST",
          path: "/api/ordering",
          headers: auth,
          body: orderBody,
        },
      ];
      const responses = new Map();
      for (const call of calls) {
        // The first order is created; every later one is the duplicate answer, the steady state under load.
        await capture(`${base}${call.path}`, { method: call.method, headers: call.headers, body: call.body });
        responses.set(
          `${call.method} ${call.path}`,
          await capture(`${base}${call.path}`, { method: call.method, headers: call.headers, body: call.body }),
        );
      }
      const ceiling = await startCeiling(5302, responses);
      try {
        for (const call of calls) {
          const options = { method: call.method, headers: call.headers, body: call.body, duration };
          const origins = { storefront: base, ceiling: "http://127.0.0.1:5302" };
          const { app, bare, ratio, ratios, measured } = await alternatingRounds(rounds, (who) =>
            autocannon({ url: `${origins[who]}${call.path}`, ...options }),
          );
          results[`${database.name} ${call.name}`] = ratio;
          rows.push([
            database.name,
            call.name,
            app.rps,
            `${app.p50} / ${app.p99}`,
            bare.rps,
            `${bare.p50} / ${bare.p99}`,
            percent(ratio),
            shareRange(ratios),
            measured.reduce((sum, m) => sum + m.app.non2xx + m.app.errors, 0),
          ]);
        }
      } finally {
        ceiling.close();
      }
    } finally {
      await stop(server);
    }
  }
  await postgres?.drop();
  const text = table(
    [
      "database",
      "call",
      "req/s",
      "p50 / p99 ms",
      "node:http req/s",
      "node:http p50 / p99 ms",
      "share of ceiling (median round)",
      `shares of ${rounds} rounds`,
      "non-2xx + errors (all rounds)",
    ],
    rows,
  );
  return { text, results };
}
