import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder, openPglite } from "../db/client.js";
import { products } from "../product/tables.js";
import { migrationsBefore } from "../test/migrations.js";
import { stockLinesOf } from "./queries/orders.js";
import { withHistory } from "./queries/wire.js";
import { orders } from "./tables.js";

/**
 * Migration 0006 on a database made the old way: orders stored before the lifecycle (only `paid`) become
 * `paid` or `unpaid` with their history so far. (Its one-unpaid-order index counted only `unpaid`; 0012 drops
 * it for the buyer's order lock, tested through the API in lifecycle.test.ts.)
 */
describe("migration 0006: orders from before the lifecycle", () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0006");

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

  it("refuses a paid flag that disagrees with the status", async () => {
    const wrong = "UPDATE orders SET paid = false WHERE id = '10000000-0000-4000-8000-000000000001'";
    // Since migration 0035 the database derives it (docs/decisions/053-status-derived.md): no write sets it.
    await expect(client.query(wrong)).rejects.toThrow(/column "paid" can only be updated to DEFAULT/);
  });
});

const HAMMER = "30000000-0000-4000-8000-0000000000a1";
const SAW = "ab12cd34-0000-4000-8000-0000000000a2";
/** A tool withdrawn and removed before products were kept: its orders name a product no longer stored. */
const GONE_TOOL = "30000000-0000-4000-8000-0000000000ff";
const PAID = "40000000-0000-4000-8000-000000000001";
const UNPAID = "40000000-0000-4000-8000-000000000002";
const OF_GONE_TOOL = "40000000-0000-4000-8000-000000000003";

/**
 * Migration 0012 on a database made the old way: every order then held one tool at its list price, so it
 * becomes an order of one line with its subtotal its total and nothing off; every tool gets a SKU and
 * SPEC.md's 100 to 200 band.
 */
describe("migration 0012: orders and tools from before the cart", () => {
  let client: PGlite;
  let folder: string;
  let db: Database;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0012");
    client = await openPglite();
    const pglite = drizzle({ client });
    await migrate(pglite, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO products (id, name, price_cents, quantity, image, description, created_at) VALUES
        ('${HAMMER}', 'Claw Hammer', 1450, 500, '/images/hammer.webp', 'A hammer.', '2026-01-01T09:00:00Z'),
        ('${SAW}', 'Forgeline 7-1/4 in. Circular Saw', 6990, 300, '/images/saw.webp', 'A saw.',
         '2026-01-01T09:30:00Z');
      INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, total_cents, user_email,
        user_name, phone, address, paid, status, transaction_id, paid_at, invoice_number, created_at)
      VALUES
        ('${PAID}', '${HAMMER}', 'Claw Hammer', 1450, 150, 217500, 'old@example.com', 'Old', '5550100000',
         '1 Road', true, 'paid', 'pi_old', '2026-01-02T10:00:00Z', 'INV-2026-000001', '2026-01-02T09:00:00Z'),
        ('${UNPAID}', '${SAW}', 'Forgeline 7-1/4 in. Circular Saw', 6990, 100, 699000, 'old@example.com', 'Old',
         '5550100000', '1 Road', false, 'unpaid', null, null, null, '2026-01-03T09:00:00Z'),
        ('${OF_GONE_TOOL}', '${GONE_TOOL}', 'Old Mallet', 999, 101, 100899, 'old@example.com', 'Old',
         '5550100000', '1 Road', false, 'cancelled', null, null, null, '2026-01-04T09:00:00Z');
    `);
    await migrate(pglite, { migrationsFolder });
    db = pglite as unknown as Database;
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("gives every tool a SKU made of its name and the start of its id, and SPEC.md's band with no tiers", async () => {
    const rows = await db.select().from(products).orderBy(products.createdAt);
    expect(
      rows.map(({ id, sku, quantityMin, quantityMax, quantityStep, tiers }) => ({
        id,
        sku,
        rule: [quantityMin, quantityMax, quantityStep],
        tiers,
      })),
    ).toEqual([
      { id: HAMMER, sku: "CLAW-HAMMER-30000000", rule: [100, 200, 1], tiers: [] },
      // The name is cut to 23 characters, so the SKU keeps to 32.
      { id: SAW, sku: "FORGELINE-7-1-4-IN-CIRC-AB12CD34", rule: [100, 200, 1], tiers: [] },
    ]);
  });

  it("makes every order an order of one line at its list price: subtotal = total, nothing off, no tax", async () => {
    const migrated = await withHistory(db, await db.select().from(orders).orderBy(orders.createdAt));
    const unchanged = {
      userEmail: "old@example.com",
      poNumber: null,
      companyId: null,
      promotion: null,
      discount: 0,
      taxRate: 0,
      tax: 0,
    };
    expect(migrated).toEqual([
      expect.objectContaining({
        ...unchanged,
        _id: PAID,
        status: "paid",
        invoiceNumber: "INV-2026-000001",
        orderId: HAMMER,
        order: "Claw Hammer",
        unitPrice: 14.5,
        quantity: 150,
        subtotal: 2175,
        price: 2175,
        lines: [
          {
            productId: HAMMER,
            sku: "CLAW-HAMMER-30000000",
            name: "Claw Hammer",
            quantity: 150,
            listUnitPrice: 14.5,
            unitPrice: 14.5,
            priceSource: "list",
            discount: 0,
            total: 2175,
            waitingQuantity: 0,
            shippedQuantity: 0,
            expectedAt: null,
          },
        ],
      }),
      expect.objectContaining({
        ...unchanged,
        _id: UNPAID,
        status: "unpaid",
        order: "Forgeline 7-1/4 in. Circular Saw",
        subtotal: 6990,
        price: 6990,
        lines: [
          {
            productId: SAW,
            sku: "FORGELINE-7-1-4-IN-CIRC-AB12CD34",
            name: "Forgeline 7-1/4 in. Circular Saw",
            quantity: 100,
            listUnitPrice: 69.9,
            unitPrice: 69.9,
            priceSource: "list",
            discount: 0,
            total: 6990,
            waitingQuantity: 0,
            shippedQuantity: 0,
            expectedAt: null,
          },
        ],
      }),
      // A tool no longer stored has no SKU to copy: the line says UNKNOWN, and keeps the name it was ordered by.
      expect.objectContaining({
        ...unchanged,
        _id: OF_GONE_TOOL,
        status: "cancelled",
        subtotal: 1008.99,
        price: 1008.99,
        lines: [
          {
            productId: GONE_TOOL,
            sku: "UNKNOWN",
            name: "Old Mallet",
            quantity: 101,
            listUnitPrice: 9.99,
            unitPrice: 9.99,
            priceSource: "list",
            discount: 0,
            total: 1008.99,
            waitingQuantity: 0,
            shippedQuantity: 0,
            expectedAt: null,
          },
        ],
      }),
    ]);
    // A refund of the paid order puts its one line back in stock.
    expect(await stockLinesOf(db, PAID)).toEqual([{ productId: HAMMER, quantity: 150 }]);
  });

  it("drops the one-unpaid-order index: the buyer's order lock keeps that rule now, over every line", async () => {
    const { rows } = await client.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'orders' ORDER BY indexname",
    );
    expect(rows.map((row) => row.indexname)).not.toContain("orders_one_unpaid_per_product");
    // And the new checks hold for what was migrated: every total adds up.
    const wrong = `UPDATE orders SET discount_cents = 1 WHERE id = '${PAID}'`;
    await expect(client.query(wrong)).rejects.toThrow(/orders_total_adds_up/);
  });
});

/**
 * Migration 0024 on a database made the old way: the orders placed before numbers get FL-100001 onwards in
 * the order they were placed (not the order they were stored), and the next order placed follows them.
 */
describe("migration 0024: order numbers for the orders placed before them", () => {
  let client: PGlite;
  let folder: string;
  const placed = ["50000000-0000-4000-8000-000000000001", "50000000-0000-4000-8000-000000000002"];
  const third = "50000000-0000-4000-8000-000000000003";

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0024");
    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    // Stored newest first: the numbers follow when they were placed.
    const row = (id: string, day: string) =>
      `('${id}', '${HAMMER}', 'Claw Hammer', 1450, 100, 145000, 145000, 'old@example.com', 'Old', '5550100000', ` +
      `'1 Road', '2026-01-0${day}T09:00:00Z')`;
    await client.exec(`
      INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
        user_email, user_name, phone, address, created_at)
      VALUES ${row(placed[1] ?? "", "3")}, ${row(placed[0] ?? "", "2")};
    `);
    await migrate(db, { migrationsFolder });
    await client.exec(`
      INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
        user_email, user_name, phone, address, created_at)
      VALUES ${row(third, "4")};
    `);
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("numbers the old orders from 100001 by when they were placed, and the next order after them", async () => {
    const { rows } = await client.query<{ id: string; number: number }>(
      "SELECT id, number::int AS number FROM orders ORDER BY number",
    );
    expect(rows).toEqual([
      { id: placed[0], number: 100001 },
      { id: placed[1], number: 100002 },
      { id: third, number: 100003 },
    ]);
  });

  it("keeps numbers unique", async () => {
    await expect(client.query(`UPDATE orders SET number = 100001 WHERE id = '${third}'`)).rejects.toThrow(
      /orders_number_unique/,
    );
  });
});

/**
 * Migration 0025 on a database made the old way: the orders placed before billing addresses are billed to where
 * they went, and a company keeps none until an owner gives one.
 */
describe("migration 0025: billing addresses for the orders placed before them", () => {
  let client: PGlite;
  let folder: string;
  const old = "60000000-0000-4000-8000-000000000001";

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0025");
    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      INSERT INTO companies (id, name, created_by) VALUES ('70000000-0000-4000-8000-000000000001', 'Old Co', 'old@example.com');
      INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
        user_email, user_name, phone, address, created_at)
      VALUES ('${old}', '${HAMMER}', 'Claw Hammer', 1450, 100, 145000, 145000, 'old@example.com', 'Old',
        '5550100000', '4 Old Yard, Leeds', '2026-01-02T09:00:00Z');
    `);
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("bills an old order to its delivery address, and leaves an old company without a billing address", async () => {
    const orders = await client.query("SELECT id, address, billing_address FROM orders");
    expect(orders.rows).toEqual([{ id: old, address: "4 Old Yard, Leeds", billing_address: "4 Old Yard, Leeds" }]);
    const companies = await client.query("SELECT billing_address FROM companies");
    expect(companies.rows).toEqual([{ billing_address: null }]);
  });
});
