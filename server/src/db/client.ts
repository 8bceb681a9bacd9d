import { randomInt } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Listener, type ListenHandlers, listenOn } from "./listener.js";
import { connectionSettings, type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "./timeouts.js";

/** A connection to either database; every query is written with the tables of its resource folder. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs start-up work that must happen once (the first seed) one instance at a time, under the lock the
   * migrations take: instances that start together on an empty database do not both fill it.
   */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: hears NOTIFY on a channel from every instance sharing the database. PGlite has no
   * other instance to hear from.
   */
  listen?: (channel: string, handlers: ListenHandlers) => Listener;
  /** PostgreSQL only: how long a statement and a connection may take (PGlite, in-process, cannot go silent). */
  timeouts?: DatabaseTimeouts;
  /** PostgreSQL only: how the connection pool is used now (for /metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** This process among the instances sharing the database: a random number, new at every start. */
  instance: number;
  /**
   * Whether the instance numbered so still runs: on PostgreSQL, its listening connection holds a lock named
   * by its number, which the database lets go the moment the process dies (even by SIGKILL); on PGlite one
   * process holds the folder, so only this one runs.
   */
  instanceAlive(instance: number): Promise<boolean>;
}

/** A number no other instance drew, as far as 2^31 makes it likely: it names the instance's lock. */
const drawInstance = () => randomInt(1, 2 ** 31 - 1);

/** The first of the two numbers of the instances' locks (pg_locks' classid); the second is the instance. */
const INSTANCE_LOCKS = 7_150_016;

export const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * Every PGlite opened by the app or its tests: the catalogue search's trigram index and operators need
 * pg_trgm (a migration creates the extension; PGlite has to have its code loaded first).
 */
export function openPglite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/** The embedded PostgreSQL (PGlite, WASM) living in a folder, or in memory when `client` is given. */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  const instance = drawInstance();
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process holds a PGlite folder: there is no other instance to wait for.
    oneAtATime: (work) => work(),
    close: () => client.close(),
    instance,
    instanceAlive: async (other) => other === instance,
  };
}

/** Any number, the same in every instance: the advisory lock that lets one instance set up at a time. */
const START_UP_LOCK = 7_150_015;

/**
 * Holds the advisory lock on a connection of its own for the whole of `work`: instances that start
 * together take turns, and each after the first finds the migrations applied and the seed in place. The
 * lock goes with the connection, so an instance that dies meanwhile frees it.
 */
async function underStartUpLock<T>(
  connectionString: string,
  timeouts: DatabaseTimeouts,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  // No statement timeout here: migrations, and the wait for another instance's, may take long. A silent
  // database still stops the start after the connect timeout rather than hanging it.
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [START_UP_LOCK]);
    return await work(client);
  } finally {
    await client.end();
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * drizzle's transaction checks a connection out of the pool (`connect()` without a callback: its only caller
 * of that form; the pool's own queries pass one), sends BEGIN, and gives the connection back only once BEGIN
 * has succeeded. A connection that broke while idle in the pool (the database restarted, the network cut it)
 * fails its BEGIN and was never given back: each one took a place in the pool for good, until every request
 * waited forever for a connection. Here a checked-out connection whose first query fails goes back to the
 * pool with the error (so the pool discards it), and the caller still gets the error.
 *
 * A later query of the transaction that fails without the server's answer (the client's query timeout on a
 * silent network, a dropped connection) ends the connection at once: a timed-out query still occupies it, so
 * the ROLLBACK would wait a query timeout more behind it, and drizzle then gives the connection back as if it
 * were sound. Ended, the ROLLBACK fails at once and the pool discards it (docs/decisions/027).
 */
class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const { query, release } = client;
      let first = true;
      client.query = ((...args: unknown[]) => {
        const isFirst = first;
        first = false;
        const result = (query as (...args: unknown[]) => unknown).apply(client, args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (isFirst) client.release(error instanceof Error ? error : new Error(String(error)));
            else if (!(error instanceof pg.DatabaseError)) client.end().catch(() => {});
          });
        }
        return result;
      }) as typeof query;
      client.release = (error?: Error | boolean) => {
        client.query = query;
        client.release = release;
        return release(error);
      };
      return client;
    });
  }
}

/** A pool of connections to a PostgreSQL server, each bounded by `timeouts`. */
export function postgresDatabase(
  connectionString: string,
  poolSize = 10,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): DatabaseHandle {
  const settings = connectionSettings(connectionString, timeouts);
  const pool = new TransactionSafePool({ ...settings, max: poolSize });
  // An idle connection the server drops (a restart, a failover) is an error event on the pool; without a
  // listener it would end the process. The pool has already let that connection go; the next query opens another.
  pool.on("error", () => {});
  // The same for a connection that drops while it is checked out (a transaction holds it between queries):
  // the pool listens only to idle ones, and the client's error event would end the process. The query
  // under way fails with the error (a 503, http/errors.ts), and the pool drops the broken client on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres({ client: pool });
  const instance = drawInstance();
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: () =>
      underStartUpLock(connectionString, timeouts, (client) =>
        migratePostgres(drizzlePostgres({ client }), { migrationsFolder }),
      ),
    oneAtATime: (work) => underStartUpLock(connectionString, timeouts, work),
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenOn(settings, channel, handlers, [INSTANCE_LOCKS, instance]),
    timeouts,
    instance,
    async instanceAlive(other) {
      if (other === instance) return true;
      const { rows } = await pool.query(
        "select 1 from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and granted",
        [INSTANCE_LOCKS, other],
      );
      return rows.length > 0;
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite with its files in DATA_DIR/pgdata. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  databaseTimeouts?: DatabaseTimeouts;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, undefined, options.databaseTimeouts);
  const folder = path.join(options.dataDir, "pgdata");
  await mkdir(folder, { recursive: true });
  return pgliteDatabase(await openPglite({ dataDir: folder }));
}
