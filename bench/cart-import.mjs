import { catalogueOf, customerToken, postgresDatabase, startStorefront, stop, table } from "./lib.mjs";

/** A 500-row import within a second (issue 24), on either database (docs/decisions/029-budgets-on-the-embedded-database.md). */
export const IMPORT_BUDGET_MS = 1000;
const ROWS = 500;

/**
 * The files of the run, each 500 rows under a header, against a catalogue holding GEN-0 … GEN-499:
 * - 500 SKUs, a row each: every SKU looked up and checked; a cart holds at most 100 tools, so the rows past
 *   the 100th are refused by row (decision 024) — every row is still read, looked up and reported;
 * - 100 SKUs, five rows each of 20 pieces: rows summed into 100 lines of 100 pieces, every row added.
 */
const FILES = [
  {
    name: `${ROWS} rows, ${ROWS} SKUs (100 added, the rest refused: a cart holds 100 tools)`,
    text: ["SKU,Quantity", ...Array.from({ length: ROWS }, (_, i) => `GEN-${i},100`)].join("\n"),
  },
  {
    name: `${ROWS} rows, 100 SKUs summed (every row added)`,
    text: ["SKU,Quantity", ...Array.from({ length: ROWS }, (_, i) => `gen-${i % 100},20`)].join("\n"),
  },
];

/**
 * Part "import": POST /api/cart/import with a 500-row CSV file (`text/csv`), one request at a time, the cart
 * emptied before each; the median and slowest of `runs` timed imports per file (after two untimed ones). On
 * PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
 */
export async function benchCartImport({ runs = 7 } = {}) {
  const postgres = await postgresDatabase();
  const database = postgres ? "PostgreSQL" : "PGlite";
  const port = 5334;
  const dataDir = await catalogueOf(ROWS, postgres?.url, { stock: 100_000 });
  const server = await startStorefront({ port, dataDir, env: postgres ? { DATABASE_URL: postgres.url } : {} });
  const rows = [];
  const results = {};
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await customerToken(port, `importer.${Date.now()}@example.com`);
    const headers = { authorization: `Bearer ${token}` };
    for (const file of FILES) {
      const times = [];
      let outcome = "";
      for (let run = 0; run < runs + 2; run++) {
        const emptied = await fetch(`${base}/api/cart`, { method: "DELETE", headers });
        if (emptied.status >= 300) throw new Error(`DELETE /api/cart: ${emptied.status} ${await emptied.text()}`);
        const started = performance.now();
        const answer = await fetch(`${base}/api/cart/import`, {
          method: "POST",
          headers: { ...headers, "content-type": "text/csv" },
          body: file.text,
        });
        const body = await answer.text();
        const took = performance.now() - started;
        if (answer.status !== 200) throw new Error(`POST /api/cart/import: ${answer.status} ${body.slice(0, 300)}`);
        const { report } = JSON.parse(body);
        // A repeated SKU is answered once for all its rows.
        const rowsOf = (status) =>
          report.reduce((sum, row) => (row.status === status ? sum + (row.summed?.count ?? 1) : sum), 0);
        const [added, refused] = [rowsOf("added"), rowsOf("error")];
        outcome = `${added + refused} rows: ${added} added, ${refused} refused`;
        if (run >= 2) times.push(took);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const slowest = times.at(-1);
      results[file.name] = { median, slowest };
      rows.push([file.name, outcome, Math.round(median), Math.round(slowest), runs]);
    }
  } finally {
    await stop(server);
    await postgres?.drop();
  }
  const text = table([`file (${database})`, "report", "median ms", "slowest ms", "timed runs"], rows);
  return { text, results, database };
}
