import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client.js";

/** What of drizzle's insides `preparedOnce` relies on: a session, and a prepared query, keep their connection as `client`. */
interface Connected {
  session: { client: object };
}

/**
 * A query asked on a hot path (every authenticated call, every cart read, a card payment's transaction), built and
 * prepared once per driver and run on the connection of the database or transaction it is asked of: no query building
 * per call (a transaction is a new `Database` each time, so a query cached per `Database` was built anew in every one:
 * on a payment that was a third of its Node time, decision 080), and PostgreSQL plans it once per connection. Relies on drizzle keeping the connection as `client` in a transaction's session and in a prepared
 * query alike (both drivers: db/prepared.test.ts proves it, so an upgrade that changes it fails there).
 */
export function preparedOnce<Query extends object>(prepare: (db: Database) => Query): (tx: Database) => Query {
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
 * `preparedOnce` for a statement written in SQL (drizzle's `.prepare()` is its query builders' only): built
 * once with its placeholders, prepared as drizzle prepares what `db.execute` runs, and answering as that does
 * (both drivers' results hold the rows as `rows`). Given as a function when it is built of query builders, which need
 * a database to be built with.
 */
export function preparedStatement(name: string, statement: SQL | ((db: Database) => SQL)): (tx: Database) => Statement {
  return preparedOnce((db) => {
    const { dialect, session } = db as unknown as Preparing;
    const built = typeof statement === "function" ? statement(db) : statement;
    return session.prepareQuery(dialect.sqlToQuery(built), undefined, name, false);
  });
}

/**
 * `column = any($name::uuid[])`: a list of ids given as one parameter, so one prepared statement serves a list of any
 * length (drizzle's `inArray` takes values, not a placeholder).
 */
export const amongIds = (column: AnyColumn, name: string) => sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
