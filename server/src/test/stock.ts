import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../db/client.js";
import { setOnHand } from "../product/queries/stock-counts.js";
import { products, stockLevels, stockMovements } from "../product/tables.js";

/** Sets a tool's count on hand in the first warehouse, as a recount would: a test's stock that ran short. */
export function setStockOnHand(db: Database, productId: string, count: number) {
  return db.transaction((tx) => setOnHand(tx, { productId, count, reason: "Counted again in a test", by: "test" }));
}

/** Every level against a recount of the ledger, and each tool's quantity against its levels: none may differ. */
export async function expectLevelsToBeTheLedger(db: Database, productId: string) {
  const rows = await db.execute(sql`
    select l.on_hand, l.allocated,
           (select coalesce(sum(m.on_hand_change), 0) from ${stockMovements} m
             where m.product_id = l.product_id and m.warehouse_id = l.warehouse_id) as on_hand_recount,
           (select coalesce(sum(m.allocated_change), 0) from ${stockMovements} m
             where m.product_id = l.product_id and m.warehouse_id = l.warehouse_id) as allocated_recount
      from ${stockLevels} l where l.product_id = ${productId}`);
  type Row = Record<"on_hand" | "allocated" | "on_hand_recount" | "allocated_recount", string | number>;
  let available = 0;
  for (const row of (rows as unknown as { rows: Row[] }).rows) {
    expect(Number(row.on_hand)).toBe(Number(row.on_hand_recount));
    expect(Number(row.allocated)).toBe(Number(row.allocated_recount));
    expect(Number(row.allocated)).toBeGreaterThanOrEqual(0);
    expect(Number(row.allocated)).toBeLessThanOrEqual(Number(row.on_hand));
    available += Number(row.on_hand) - Number(row.allocated);
  }
  const [tool] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  expect(tool?.quantity).toBe(available);
}
