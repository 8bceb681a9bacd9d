import { capture, startCeiling } from "./api.mjs";
import { autocannon, catalogueOf, startStorefront, stop, table } from "./lib.mjs";
import { cpuSecondsOf } from "./seeded-load.mjs";

/**
 * Searches of the big catalogue (docs/PERFORMANCE.md, 'What the budgets ask'): a word of a seeded tool's name, a typo
 * of one (trigrams), and a word in every generated tool's name (ranking 10 000 matches). Each is held in the search
 * cache for 5 s, as a popular search is in production.
 */
const SEARCHES = ["/api/product?q=wrench&limit=20", "/api/product?q=hamer&limit=20", "/api/product?q=tool&limit=20"];

/**
 * Part 2: the catalogue at 12 and at 10 000 products: the first page, the last page, the home page's call;
 * and at 10 000 the searches, each against a bare node:http server answering the same bytes in the same run.
 */
export async function benchScale({ duration }) {
  const rows = [];
  const results = {};
  const searches = [];
  for (const extra of [0, 9988]) {
    const port = 5311;
    const server = await startStorefront({ port, dataDir: await catalogueOf(extra) });
    try {
      const total = (await fetch(`http://127.0.0.1:${port}/api/product?limit=1`)).headers.get("x-total-count");
      // The first and the last page of 20 (one and the same page in a small catalogue).
      const offsets = [...new Set([0, Math.max(0, Number(total) - 20)])];
      for (const path of [
        `/api/product?limit=6`,
        ...offsets.map((offset) => `/api/product?limit=20&offset=${offset}`),
        "/",
      ]) {
        const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, duration });
        results[
          `${total} ${path.replace(/offset=\d+/, offsets[1] && path.endsWith(`offset=${offsets[1]}`) ? "offset=last" : "offset=0")}`
        ] = result;
        rows.push([total, path, result.rps, `${result.p50} / ${result.p99}`, result.non2xx + result.errors]);
      }
      if (extra > 0) searches.push(...(await benchSearches(server.pid, port, total, duration)));
    } finally {
      await stop(server);
    }
  }
  const searchText = table(
    [
      "products",
      "search",
      "req/s",
      "p50 / p99 ms",
      "server CPU µs per answer",
      "node:http req/s",
      "share of ceiling",
      "non-2xx + errors",
    ],
    searches.map((s) => [
      s.total,
      s.path,
      s.rps,
      `${s.p50} / ${s.p99}`,
      s.cpuMicros,
      s.bare,
      `${Math.round(s.share * 100)}%`,
      s.failed,
    ]),
  );
  return {
    text: `${table(["products", "call", "req/s", "p50 / p99 ms", "non-2xx + errors"], rows)}\n\nSearch (10 connections):\n\n${searchText}`,
    results,
    searches,
  };
}

/**
 * Each search against the ceiling, with the server's CPU time per answer beside: on a machine other work keeps
 * busy the shares follow the load, the CPU time much less (docs/PERFORMANCE.md, 'Search and overview on the
 * embedded database').
 */
async function benchSearches(pid, port, total, duration) {
  const base = `http://127.0.0.1:${port}`;
  const responses = new Map();
  for (const path of SEARCHES) responses.set(`GET ${path}`, await capture(`${base}${path}`));
  const ceiling = await startCeiling(5312, responses);
  try {
    const measured = [];
    for (const path of SEARCHES) {
      const cpuBefore = cpuSecondsOf(pid);
      const app = await autocannon({ url: `${base}${path}`, duration });
      const cpuMicros = Math.round(((cpuSecondsOf(pid) - cpuBefore) * 1e6) / Math.max(1, app.requests));
      const bare = await autocannon({ url: `http://127.0.0.1:5312${path}`, duration });
      measured.push({
        total,
        path,
        rps: app.rps,
        p50: app.p50,
        p99: app.p99,
        cpuMicros,
        bare: bare.rps,
        share: app.rps / bare.rps,
        failed: app.non2xx + app.errors,
      });
    }
    return measured;
  } finally {
    ceiling.close();
  }
}
