import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";

type Run = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A database of either kind, made with the migrations before 0041; `migrate` then runs every one. */
interface OldDatabase {
  run: Run;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

async function pgliteBefore(before: string): Promise<OldDatabase> {
  const client = await openPglite();
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: before });
  return {
    run: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function postgresBefore(before: string, serverUrl: string): Promise<OldDatabase> {
  const database = await emptyPostgresDatabase(serverUrl);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const db = drizzlePostgres({ client });
  await migratePostgres(db, { migrationsFolder: before });
  return {
    run: async (text, values) => (await client.query(text, values)).rows,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: async () => {
      await client.end();
      await database.drop();
    },
  };
}

const HAMMER = "30000000-0000-4000-8000-0000000000a1";
const SAW = "30000000-0000-4000-8000-0000000000a2";

const serverUrl = process.env.TEST_DATABASE_URL;
const DATABASES: [string, (before: string) => Promise<OldDatabase>][] = [["PGlite", pgliteBefore]];
if (serverUrl) DATABASES.push(["PostgreSQL", (before) => postgresBefore(before, serverUrl)]);

/**
 * Migration 0041 (docs/decisions/066-stock-per-warehouse.md) on a catalogue with stock: the first warehouse is
 * made and each tool's stock moved into it, on hand, with the receipt in the ledger; the quantity every page
 * reads stays as it was.
 */
describe.each(DATABASES)("migration 0041 on %s: today's stock into the first warehouse", (_kind, make) => {
  let folder: string;
  let database: OldDatabase;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    database = await make(await migrationsBefore(folder, "0041"));
    await database.run(
      `INSERT INTO products (id, name, price_cents, quantity, image, description, sku) VALUES
         ($1, 'Claw Hammer', 1450, 850, '/images/hammer.webp', 'A hammer.', 'CLA-HAM'),
         ($2, 'Circular Saw', 6990, 0, '/images/saw.webp', 'A saw.', 'CIR-SAW')`,
      [HAMMER, SAW],
    );
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("makes MAIN, the only warehouse, active", async () => {
    expect(await database.run("SELECT code, active FROM warehouses")).toEqual([{ code: "MAIN", active: true }]);
  });

  it("moves each tool's stock on hand into it, nothing allocated, each receipt in the ledger", async () => {
    const levels = await database.run("SELECT product_id, on_hand, allocated FROM stock_levels ORDER BY product_id");
    expect(levels).toEqual([
      { product_id: HAMMER, on_hand: 850, allocated: 0 },
      { product_id: SAW, on_hand: 0, allocated: 0 },
    ]);
    const ledger = await database.run("SELECT product_id, kind, on_hand_change, allocated_change FROM stock_movements");
    expect(ledger).toEqual([{ product_id: HAMMER, kind: "received", on_hand_change: 850, allocated_change: 0 }]);
    const kept = await database.run("SELECT id, quantity FROM products ORDER BY id");
    expect(kept).toEqual([
      { id: HAMMER, quantity: 850 },
      { id: SAW, quantity: 0 },
    ]);
  });
});

if (!serverUrl) describe.skip(`migration 0041 on PostgreSQL: ${NEEDS_POSTGRES}`, () => {});
