// The cluster drill (`npm run soak -- --cluster`): the soak's mixed load through HAProxy in front of three
// instances (scripts/cluster.mjs); one instance is killed (SIGKILL) and started again, another stopped
// (SIGTERM, it drains) and started again, while clients that get no answer retry once with the same
// Idempotency-Key. Then the database is asked whether every order a client was told about is there once.
import pg from "pg";
import { haproxyPath, INSTANCES, startCluster } from "../scripts/cluster.mjs";

/** p99 of every step, the kills included. */
export const DRILL_P99_MS = 500;
/** The balancer's port; the instances take the next three, the object store port + 9. */
const PORT = 5350;

/** Why the drill cannot run here, or null: it needs HAProxy and a PostgreSQL (TEST_DATABASE_URL). */
export function drillMissing() {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (the drill runs on PostgreSQL)";
  if (!haproxyPath()) return "HAProxy is not installed (Debian/Ubuntu: sudo apt-get install -y haproxy)";
  return null;
}

/** The cluster on the drill's database, with the storefront's bench settings on every instance. */
export async function drillCluster({ databaseUrl, dataDir, env }) {
  const cluster = await startCluster({ port: PORT, databaseUrl, dataDir: `${dataDir}/cluster`, env });
  return { ...cluster, port: PORT };
}

/**
 * The faults, on time: at 35% of the run instance 1 is killed (SIGKILL) and started again at once; at 65%
 * instance 2 is stopped (SIGTERM: it finishes its requests in flight) and started again. Answers a promise
 * of the events, each with its time from the start.
 */
export async function faults(cluster, durationMs, log) {
  const events = [];
  const started = Date.now();
  const at = (share) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, started + share * durationMs - Date.now())));
  const note = (what) => {
    const line = `${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`;
    events.push(line);
    log(`  ${line}`);
  };
  const cycle = async (i, signal) => {
    note(`instance ${i + 1} sent ${signal}`);
    await cluster.kill(i, signal);
    note(`instance ${i + 1} ended; starting it again`);
    await cluster.restart(i);
    note(`instance ${i + 1} ready again`);
  };
  await at(0.35);
  await cycle(0, "SIGKILL");
  await at(0.65);
  await cycle(1 % INSTANCES, "SIGTERM");
  return events;
}

/**
 * What the database holds of the orders the clients placed: each checkout carries a PO number of its own
 * (`SOAK-n`), so an order placed twice for one checkout shows as two orders with one PO number.
 */
export async function orderCensus(databaseUrl, acknowledged) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const total = await client.query("select count(*)::int as n from orders where po_number like 'SOAK-%'");
    const twice = await client.query(
      "select count(*)::int as n from (select po_number from orders where po_number like 'SOAK-%' group by po_number having count(*) > 1) d",
    );
    const found = await client.query("select count(*)::int as n from orders where id = any($1::uuid[])", [
      [...acknowledged],
    ]);
    return {
      acknowledged: acknowledged.size,
      inDatabase: total.rows[0].n,
      duplicates: twice.rows[0].n,
      lost: acknowledged.size - found.rows[0].n,
    };
  } finally {
    await client.end();
  }
}

/** The drill's own budget rows, beside the soak's failed answers and p99. */
export function drillBudgets(census) {
  return [
    [
      "drill: every acknowledged order in the database, once",
      "all",
      `${census.acknowledged - census.lost} of ${census.acknowledged} (${census.inDatabase} SOAK orders in the database)`,
      census.lost === 0,
    ],
    ["drill: orders placed twice", "0", String(census.duplicates), census.duplicates === 0],
  ];
}
