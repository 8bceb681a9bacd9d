import { randomUUID } from "node:crypto";
import pg from "pg";
import { databaseUrlFor } from "./global-setup.js";

/** Why a test that needs a real PostgreSQL server is skipped when the run has none. */
export const NEEDS_POSTGRES = "needs TEST_DATABASE_URL (a PostgreSQL server; .ci/run sets it when one answers)";

async function asAdmin(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * An empty database of its own on the TEST_DATABASE_URL server (not migrated: what starts on it migrates
 * it), for tests of what happens when several instances share one. `drop()` removes it.
 */
export async function emptyPostgresDatabase(serverUrl: string) {
  const name = `forgeline_shared_${randomUUID().replaceAll("-", "")}`;
  await asAdmin(serverUrl, `CREATE DATABASE ${name}`);
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
