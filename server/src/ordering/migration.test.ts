import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "../db/client.js";

/**
 * Migration 0006 on a database made the old way: orders stored before the lifecycle (only `paid`) become
 * `paid` or `unpaid` with their history so far, and the one-unpaid-order rule then counts only `unpaid`.
 */
describe("migration 0006: orders from before the lifecycle", () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = path.join(folder, "drizzle");
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8"));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < "0006");
    await writeFile(journalFile, JSON.stringify(journal));

    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, total_cents, user_email,
        user_name, phone, address, paid, transaction_id, paid_at, created_at)
      VALUES
        ('10000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000001', 'Claw Hammer', 1000, 100,
         100000, 'old@example.com', 'Old', '5550100000', '1 Road', true, 'pi_old', '2026-01-02T10:00:00Z',
         '2026-01-01T10:00:00Z'),
        ('10000000-0000-4000-8000-000000000002', '20000000-0000-4000-8000-000000000002', 'Jigsaw', 2000, 150,
         300000, 'old@example.com', 'Old', '5550100000', '1 Road', false, null, null, '2026-01-03T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("a paid order becomes paid, an unpaid one unpaid, each with its history so far", async () => {
    const { rows: orders } = await client.query(
      "SELECT id, status, paid, carrier, tracking_number FROM orders ORDER BY created_at",
    );
    expect(orders).toEqual([
      { id: "10000000-0000-4000-8000-000000000001", status: "paid", paid: true, carrier: null, tracking_number: null },
      {
        id: "10000000-0000-4000-8000-000000000002",
        status: "unpaid",
        paid: false,
        carrier: null,
        tracking_number: null,
      },
    ]);
    const { rows: history } = await client.query<{ order_id: string; created_at: Date }>(
      "SELECT order_id, status, by, note, created_at FROM order_events ORDER BY order_id, created_at",
    );
    expect(history.map((event) => ({ ...event, created_at: event.created_at.toISOString() }))).toEqual([
      {
        order_id: "10000000-0000-4000-8000-000000000001",
        status: "unpaid",
        by: "old@example.com",
        note: "Placed",
        created_at: "2026-01-01T10:00:00.000Z",
      },
      {
        order_id: "10000000-0000-4000-8000-000000000001",
        status: "paid",
        by: "old@example.com",
        note: "Payment pi_old",
        created_at: "2026-01-02T10:00:00.000Z",
      },
      {
        order_id: "10000000-0000-4000-8000-000000000002",
        status: "unpaid",
        by: "old@example.com",
        note: "Placed",
        created_at: "2026-01-03T10:00:00.000Z",
      },
    ]);
  });

  it("keeps one unpaid order per customer and product, and a cancelled one no longer counts", async () => {
    const another = `INSERT INTO orders (product_id, product_name, unit_price_cents, quantity, total_cents,
      user_email, user_name, phone, address) VALUES ('20000000-0000-4000-8000-000000000002', 'Jigsaw', 2000, 100,
      200000, 'old@example.com', 'Old', '5550100000', '1 Road')`;
    await expect(client.query(another)).rejects.toThrow(/orders_one_unpaid_per_product/);
    await client.query("UPDATE orders SET status = 'cancelled' WHERE id = '10000000-0000-4000-8000-000000000002'");
    await client.query(another);
    const { rows } = await client.query("SELECT count(*)::int AS n FROM orders WHERE status = 'unpaid'");
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("refuses a paid flag that disagrees with the status", async () => {
    const wrong = "UPDATE orders SET paid = false WHERE id = '10000000-0000-4000-8000-000000000001'";
    await expect(client.query(wrong)).rejects.toThrow(/orders_paid_while_money_held/);
  });
});
