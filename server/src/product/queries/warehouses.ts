import type { WarehouseBody, WarehousePatch } from "@forgeline/contract";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { stockLevels, warehouses } from "../tables.js";

export type WarehouseRow = typeof warehouses.$inferSelect;

export async function addWarehouse(tx: Database, body: WarehouseBody): Promise<WarehouseRow> {
  const [row] = await tx.insert(warehouses).values(body).returning();
  if (!row) throw new Error("the warehouse was not stored");
  return row;
}

/** Adds the warehouse unless one has its code already (the demo seed's second warehouse). */
export async function ensureWarehouse(tx: Database, body: WarehouseBody): Promise<void> {
  await tx.insert(warehouses).values(body).onConflictDoNothing();
}

/** The warehouse, locked for the rest of the caller's transaction. */
export async function lockWarehouse(tx: Database, id: string): Promise<WarehouseRow | undefined> {
  const [row] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for("update");
  return row;
}

export async function updateWarehouse(tx: Database, id: string, patch: WarehousePatch): Promise<WarehouseRow> {
  const [row] = await tx.update(warehouses).set(patch).where(eq(warehouses.id, id)).returning();
  if (!row) throw new Error(`warehouse ${id} vanished while locked`);
  return row;
}

/**
 * Why a warehouse may not be made inactive, if it may not: it still holds stock (which would vanish from what
 * can be sold), or it is the last active one (new tools and restocks go to the first active warehouse).
 */
export async function deactivationRefusal(tx: Database, row: WarehouseRow): Promise<string | undefined> {
  const [holding] = await tx
    .select({ one: sql`1` })
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, row.id), gt(stockLevels.onHand, 0)))
    .limit(1);
  if (holding) return `${row.code} still holds stock: adjust or move it out before making it inactive`;
  const [other] = await tx
    .select({ one: sql`1` })
    .from(warehouses)
    .where(and(eq(warehouses.active, true), ne(warehouses.id, row.id)))
    .limit(1);
  return other ? undefined : `${row.code} is the last active warehouse`;
}
