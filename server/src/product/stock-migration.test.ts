import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OldDatabase, oldDatabases } from "../test/migrations.js";
import { NEEDS_POSTGRES } from "../test/postgres.js";

const HAMMER = "30000000-0000-4000-8000-0000000000a1";
const SAW = "30000000-0000-4000-8000-0000000000a2";

const DATABASES = oldDatabases();

/**
 * Migration 0041 (docs/decisions/066-stock-per-warehouse.md) on a catalogue with stock: the first warehouse is
 * made and each tool's stock moved into it, on hand, with the receipt in the ledger; the quantity every page
 * reads stays as it was.
 */
describe.each(DATABASES)("migration 0041 on %s: today's stock into the first warehouse", (_kind, make) => {
  let database: OldDatabase;

  beforeAll(async () => {
    database = await make("0041");
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

if (DATABASES.length === 1) describe.skip(`migration 0041 on PostgreSQL: ${NEEDS_POSTGRES}`, () => {});
