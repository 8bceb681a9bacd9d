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
