import { readFile } from "node:fs/promises";
import path from "node:path";
import { MONEY_HELD_PAYMENTS, QUOTE_STATUSES } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp } from "../test/test-app.js";
import { migrationsFolder, postgresDatabase } from "./client.js";

describe("the migrated check constraints", () => {
  // The tables write these constraints from the contract's status sets; a set that changes without a
  // migration leaves the database checking the old one.
  it.each([
    ["orders_paid_while_money_held", MONEY_HELD_PAYMENTS],
    ["quotes_status", QUOTE_STATUSES],
  ])("%s names exactly the contract's statuses", async (name, statuses) => {
    const ctx = await createTestApp();
    try {
      const found = (await ctx.db.execute(
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`,
      )) as unknown as { rows: { definition: string }[] };
      expect(found.rows).toHaveLength(1);
      const words = [...(found.rows[0]?.definition ?? "").matchAll(/'([^']*)'/g)].map((match) => match[1]);
      expect(words.sort()).toEqual([...statuses].sort());
    } finally {
      await ctx.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  serverUrl ? "migrations on PostgreSQL" : `migrations on PostgreSQL: ${NEEDS_POSTGRES}`,
  () => {
    it("two instances migrating one fresh database at once both succeed, and each migration runs once", async () => {
      const database = await emptyPostgresDatabase(serverUrl as string);
      const [a, b] = [postgresDatabase(database.url, 2), postgresDatabase(database.url, 2)];
      try {
        const results = await Promise.allSettled([a.migrate(), b.migrate()]);
        expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);

        const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const applied = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
        const tables = await client.query("select count(*)::int as n from pg_tables where tablename = 'orders'");
        await client.end();
        expect(applied.rows[0].n).toBe(journal.entries.length);
        expect(tables.rows[0].n).toBe(1);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await database.drop();
      }
    });
  },
);
