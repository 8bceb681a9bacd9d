import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  derivedStatus,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  MONEY_HELD_PAYMENTS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  POSSIBLE_FACTS,
  QUOTE_STATUSES,
} from "@forgeline/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp } from "../test/test-app.js";
import { migrationsFolder, postgresDatabase } from "./client.js";

describe("the migrated check constraints", () => {
  // The tables write these constraints from the contract's status sets; a set that changes without a
  // migration leaves the database checking the old one.
  it.each([["quotes_status", QUOTE_STATUSES]])("%s names exactly the contract's statuses", async (name, statuses) => {
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

/**
 * The orders' status, paid flag and which facts may stand together, as migrated: each expression the database holds
 * is worked out for every pair of facts and held to the contract's (docs/decisions/053-status-derived.md).
 */
describe("the migrated orders derive what the contract derives", () => {
  const pairs = FULFILMENT_STATUSES.flatMap((fulfilment) =>
    PAYMENT_STATUSES.map((payment) => ({ fulfilment, payment })),
  );
  const possible = new Set(POSSIBLE_FACTS.map(({ fulfilment, payment }) => `${fulfilment}/${payment}`));

  it("for every pair of facts: its status, whether the shop holds the money, and whether it may stand", async () => {
    const ctx = await createTestApp();
    try {
      const expressions = (await ctx.db.execute(sql`
        select
          (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a
             on a.attrelid = d.adrelid and a.attnum = d.adnum
           where d.adrelid = 'orders'::regclass and a.attname = 'status' and a.attgenerated = 's') as status,
          (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a
             on a.attrelid = d.adrelid and a.attnum = d.adnum
           where d.adrelid = 'orders'::regclass and a.attname = 'paid' and a.attgenerated = 's') as paid,
          (select pg_get_expr(conbin, conrelid) from pg_constraint where conname = 'orders_facts_agree') as agree
      `)) as unknown as { rows: { status: string; paid: string; agree: string }[] };
      const [migrated] = expressions.rows;
      if (!migrated?.status || !migrated.paid || !migrated.agree) throw new Error("an expression is missing");
      const values = pairs.map(({ fulfilment, payment }) => sql`(${fulfilment}, ${payment})`);
      const worked = (await ctx.db.execute(sql`
        select fulfilment_status as fulfilment, payment_status as payment, ${sql.raw(migrated.status)} as status,
          ${sql.raw(migrated.paid)} as paid, ${sql.raw(migrated.agree)} as may_stand
        from (values ${sql.join(values, sql`, `)}) as orders (fulfilment_status, payment_status)
      `)) as unknown as { rows: { fulfilment: FulfilmentStatus; payment: PaymentStatus }[] };
      expect(worked.rows).toHaveLength(pairs.length);
      expect(worked.rows).toEqual(
        pairs.map(({ fulfilment, payment }) => ({
          fulfilment,
          payment,
          status: derivedStatus(fulfilment, payment),
          paid: MONEY_HELD_PAYMENTS.includes(payment),
          may_stand: possible.has(`${fulfilment}/${payment}`),
        })),
      );
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
