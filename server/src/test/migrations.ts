import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder, openPglite } from "../db/client.js";
import { emptyPostgresDatabase } from "./postgres.js";

/** A copy of the migrations folder in `folder` holding only those before `tag`, to build a database made the old way. */
export async function migrationsBefore(folder: string, tag: string): Promise<string> {
  const before = path.join(folder, "drizzle");
  await cp(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  await writeFile(journalFile, JSON.stringify(journal));
  return before;
}

export type Run = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * A database made with the migrations before a tag, as a deployment of that time left it: `run` writes what it held,
 * `migrate` then runs every migration, `close` drops it and its copy of the migrations.
 */
export interface OldDatabase {
  run: Run;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

async function pgliteBefore(before: string): Promise<Omit<OldDatabase, "close"> & { end(): Promise<void> }> {
  const client = await openPglite();
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: before });
  return {
    run: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    migrate: () => migratePglite(db, { migrationsFolder }),
    end: () => client.close(),
  };
}

async function postgresBefore(
  before: string,
  serverUrl: string,
): Promise<Omit<OldDatabase, "close"> & { end(): Promise<void> }> {
  const database = await emptyPostgresDatabase(serverUrl);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const db = drizzlePostgres({ client });
  await migratePostgres(db, { migrationsFolder: before });
  return {
    run: async (text, values) => (await client.query(text, values)).rows,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    end: async () => {
      await client.end();
      await database.drop();
    },
  };
}

/**
 * The databases a migration's test runs on, by name: PGlite, and PostgreSQL when the run has one
 * (`TEST_DATABASE_URL`); each makes an `OldDatabase` with the migrations before `tag`.
 */
export function oldDatabases(): [string, (tag: string) => Promise<OldDatabase>][] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const kinds: [string, typeof pgliteBefore][] = [["PGlite", pgliteBefore]];
  if (serverUrl) kinds.push(["PostgreSQL", (before) => postgresBefore(before, serverUrl)]);
  return kinds.map(([name, open]) => [
    name,
    async (tag) => {
      const folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
      const { end, ...database } = await open(await migrationsBefore(folder, tag));
      return {
        ...database,
        close: async () => {
          await end();
          await rm(folder, { recursive: true, force: true });
        },
      };
    },
  ]);
}
