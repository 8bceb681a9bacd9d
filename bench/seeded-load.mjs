// What the benches of one call on a database filled straight with SQL share (the admin overview, stats.mjs; the
// statements and receivables, receivables.mjs): the database, and a measured run with the CPU it cost beside the
// latencies.
import { readFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { autocannon, catalogueOf, postgresDatabase, root } from "./lib.mjs";

/** A process's CPU time in seconds (user and system) from /proc; 0 where there is no /proc. */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * A fresh database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite; null there when `postgresOnly`) with
 * the seed, then each of `steps` in turn: SQL text (one INSERT … SELECT from generate_series, say), or a function
 * of the database for what the shop's own code works out. Then what autovacuum does to tables grown by inserts
 * (PostgreSQL 13 and later): statistics for the planner, and the visibility map, without which no scan reads an
 * index alone; on PostgreSQL a checkpoint then writes the seed's pages out. `counts`, SQL answering one row, says
 * what was written; its columns join the answer.
 */
export async function seededDatabase({ steps, counts, postgresOnly = false }) {
  const postgres = await postgresDatabase();
  if (!postgres && postgresOnly) return null;
  try {
    return await seeded(postgres, steps, counts);
  } catch (error) {
    // A seed that fails leaves no database behind on the shared server.
    await postgres?.drop();
    throw error;
  }
}

async function seeded(postgres, steps, counts) {
  const dataDir = await catalogueOf(0, postgres?.url);
  const { openDatabase } = await import(`${root}/server/dist/db/client.js`);
  const { sql } = await import("drizzle-orm");
  // Filling it takes longer than any one request may (a statement over 100 000 rows on a busy machine).
  const databaseTimeouts = { statementMs: 600_000, connectMs: 30_000 };
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir, databaseTimeouts });
  const started = Date.now();
  try {
    for (const step of steps) {
      await (typeof step === "function" ? step(database.db) : database.db.execute(sql.raw(step)));
    }
    await database.db.execute(sql.raw("vacuum analyze"));
    // And what the next checkpoint would do meanwhile: write the seed's pages out now, not during a measured run.
    if (postgres) await database.db.execute(sql.raw("checkpoint"));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counted = counts ? (await database.db.execute(sql.raw(counts))).rows[0] : {};
    return { postgres, dataDir, seconds, ...counted };
  } finally {
    await database.close();
  }
}

/** The processes of the PostgreSQL server serving `databaseUrl`'s database: the storefront's connections. */
async function backendsOf(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** What `measuredLoad` adds to a table: its column names, then its cells of a run. */
export const LOAD_COLUMNS = [
  "connections",
  "req/s",
  "p50 / p99 ms",
  "server CPU ms per answer",
  "PostgreSQL CPU ms per answer",
  "non-2xx + errors",
  "machine load (1 min)",
];
export const loadCells = ({ connections, result, serverCpu, databaseCpu, load }) => [
  connections,
  result.rps,
  `${result.p50} / ${result.p99}`,
  serverCpu,
  databaseCpu,
  result.non2xx + result.errors,
  load,
];

/**
 * autocannon on `url` for `duration` seconds at `connections`, after a second of it (so the server's code is
 * compiled and the database's pages are read), with the CPU time per answer of the server (`pid`) and, given
 * `databaseUrl` of a PostgreSQL on this machine, of its connections' processes, and the machine's load before and
 * after. On a machine other work keeps busy the latencies follow the load; the CPU time per answer much less, so
 * it says what a call costs.
 */
export async function measuredLoad({ pid, url, headers, duration, connections, databaseUrl }) {
  await autocannon({ url, headers, duration: 1, connections });
  const backends = databaseUrl ? await backendsOf(databaseUrl) : [];
  const databaseSeconds = () => backends.reduce((sum, backend) => sum + cpuSecondsOf(backend), 0);
  const serverBefore = cpuSecondsOf(pid);
  const databaseBefore = databaseSeconds();
  const loadBefore = os.loadavg()[0];
  const result = await autocannon({ url, headers, duration, connections });
  const perAnswer = (seconds) => ((seconds * 1000) / Math.max(1, result.requests)).toFixed(1);
  const databaseAfter = databaseSeconds();
  return {
    connections,
    result,
    serverCpu: perAnswer(cpuSecondsOf(pid) - serverBefore),
    // Not this machine's PostgreSQL, or PGlite (inside the server's own process): nothing to count apart.
    databaseCpu: databaseAfter > 0 ? perAnswer(databaseAfter - databaseBefore) : "–",
    load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  };
}
