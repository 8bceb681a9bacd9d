import type { SQL } from "drizzle-orm";
import type { Database } from "./client.js";

/**
 * A query asked on hot paths (every authenticated call, every cart read), built once per database (or
 * transaction) and prepared there: no query building per call, and PostgreSQL plans it once per connection.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}

/** What of drizzle's insides `preparedInTransactions` relies on: a session, and a prepared query, keep their connection as `client`. */
interface Connected {
  session: { client: object };
}

/**
 * A query asked inside the transactions of a hot path (a card payment's), built and prepared once per driver and run
 * on each transaction's own connection. `preparedPerDatabase` would build it anew in every transaction, a new
 * `Database` each time: on a payment that building was a third of the Node time spent before the tool's locked stock
 * (docs/STOCK.md). Relies on drizzle keeping the connection as `client` in a transaction's session and in a prepared
 * query alike (both drivers: db/prepared.test.ts proves it, so an upgrade that changes it fails there).
 */
export function preparedInTransactions<Query extends object>(
  prepare: (db: Database) => Query,
): (tx: Database) => Query {
  const byDriver = new Map<unknown, Query>();
  // One per connection: the pool's connections serve transaction after transaction.
  const byConnection = new WeakMap<object, Query>();
  return (tx) => {
    const { session } = tx as unknown as Connected;
    const bound = byConnection.get(session.client);
    if (bound) return bound;
    let query = byDriver.get(session.constructor);
    if (!query) {
      query = prepare(tx);
      byDriver.set(session.constructor, query);
    }
    const onConnection = Object.create(query, { client: { value: session.client } }) as Query;
    byConnection.set(session.client, onConnection);
    return onConnection;
  };
}

/** What else of drizzle's insides `preparedStatement` relies on: the dialect that builds SQL, the session that prepares it. */
interface Preparing {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): Statement;
  };
}

/** A statement written in SQL, prepared: run with its placeholders' values, it answers the driver's result. */
export interface Statement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * `preparedInTransactions` for a statement written in SQL (drizzle's `.prepare()` is its query builders' only): built
 * once with its placeholders, prepared as drizzle prepares what `db.execute` runs, and answering as that does
 * (both drivers' results hold the rows as `rows`).
 */
export function preparedStatement(name: string, statement: SQL): (tx: Database) => Statement {
  return preparedInTransactions((db) => {
    const { dialect, session } = db as unknown as Preparing;
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  });
}
