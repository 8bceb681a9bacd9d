import type { StockMovementKind } from "@forgeline/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { products, stockLevels, stockMovements, warehouses } from "../tables.js";

/**
 * The one way stock moves (docs/STOCK.md): a movement is a row of the stock ledger, and in the same statement
 * group the level it moves and the tool's `products.quantity` (the sum available) follow it. Whoever moves
 * stock locks it first with `lockStock`, always in one order (the tools' rows by id, then their levels by tool
 * and warehouse), so two transactions on any instances wait for each other rather than deadlock, and the second
 * sees what the first one left.
 */

export type StockMovementRow = typeof stockMovements.$inferSelect;

export interface Movement {
  productId: string;
  warehouseId: string;
  kind: StockMovementKind;
  onHandChange: number;
  allocatedChange: number;
  orderId?: string | null;
  reason?: string | null;
  by: string;
}

/** A tool's stock in one warehouse as locked, with the warehouse's place in the order warehouses are listed. */
export interface LockedLevel {
  productId: string;
  warehouseId: string;
  code: string;
  name: string;
  active: boolean;
  onHand: number;
  allocated: number;
  /** Its place among the warehouses of the levels locked with it: 0 for the first (oldest), then on. */
  rank: number;
}

/** Code-point order, as PostgreSQL compares digits and uuids (not the locale's). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const availableOf = (level: Pick<LockedLevel, "onHand" | "allocated">) => level.onHand - level.allocated;

/** Every warehouse, the first (oldest) first: the order they are listed and preferred in. */
export function warehousesInOrder(db: Database) {
  return db.select().from(warehouses).orderBy(asc(warehouses.createdAt), asc(warehouses.id));
}

/** The first active warehouse: where stock goes when none is named. */
export async function firstWarehouse(db: Database) {
  const [first] = await db
    .select()
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(asc(warehouses.createdAt), asc(warehouses.id))
    .limit(1);
  if (!first) throw new Error("no active warehouse: the last one cannot be made inactive");
  return first;
}

/** A tool as locked: its name, whether it was withdrawn, and whether it takes backorders. */
export interface LockedTool {
  name: string;
  archived: boolean;
  backorders: boolean;
}

/**
 * Locks the tools' rows and every level of theirs (SELECT … FOR UPDATE, in one order) for the rest of the
 * caller's transaction; answers the tools (withdrawn or not) and their levels, each tool's in warehouse order.
 */
export async function lockStock(tx: Database, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return { tools: new Map<string, LockedTool>(), levels: [] as LockedLevel[] };
  const tools = await tx
    .select({
      id: products.id,
      name: products.name,
      archivedAt: products.archivedAt,
      backorders: products.backordersAllowed,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  // With their warehouses in the same statement: a payment holds the tools' locks from here to its commit.
  const locked = await tx
    .select({
      productId: stockLevels.productId,
      warehouseId: stockLevels.warehouseId,
      onHand: stockLevels.onHand,
      allocated: stockLevels.allocated,
      code: warehouses.code,
      name: warehouses.name,
      active: warehouses.active,
      // To the microsecond, as PostgreSQL orders them (a JavaScript date keeps milliseconds).
      placedAt: sql<string>`to_char(${warehouses.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(inArray(stockLevels.productId, ids))
    .orderBy(asc(stockLevels.productId), asc(stockLevels.warehouseId))
    .for("update", { of: stockLevels });
  // The warehouses' order as `warehousesInOrder` lists them, among those these levels are in.
  const places = [...new Map(locked.map((level) => [level.warehouseId, level])).values()].sort(
    (a, b) => compareText(a.placedAt, b.placedAt) || compareText(a.warehouseId, b.warehouseId),
  );
  const rankOf = new Map(places.map((place, rank) => [place.warehouseId, rank]));
  const levels = locked
    .map(({ placedAt: _placed, ...level }) => ({ ...level, rank: rankOf.get(level.warehouseId) ?? 0 }))
    .sort((a, b) => a.productId.localeCompare(b.productId) || a.rank - b.rank);
  const byId = new Map<string, LockedTool>(
    tools.map((tool) => [
      tool.id,
      { name: tool.name, archived: tool.archivedAt !== null, backorders: tool.backorders },
    ]),
  );
  return { tools: byId, levels };
}

/**
 * Writes the movements to the ledger and moves their levels by them, then keeps each tool's quantity as its sum
 * available; in the caller's transaction, on stock it locked with `lockStock`. The levels' checks refuse (and
 * roll back) any movement that would take a count below zero or allocate more than is on hand.
 */
export async function recordMovements(tx: Database, movements: readonly Movement[]): Promise<StockMovementRow[]> {
  const moving = movements.filter((movement) => movement.onHandChange !== 0 || movement.allocatedChange !== 0);
  if (moving.length === 0) return [];
  const written = await tx
    .insert(stockMovements)
    .values(
      moving.map((movement) => ({ ...movement, orderId: movement.orderId ?? null, reason: movement.reason ?? null })),
    )
    .returning();
  await moveLevels(tx, moving);
  return written;
}

/**
 * `recordMovements` without the rows written, in one statement with their levels and tools: for thousands of rows
 * at once (a receipt filling every backorder waiting, docs/STOCK.md), handed over as one JSON document (a row per
 * value would pass PostgreSQL's limit of parameters); and for a payment's allocation, whose turn at the tool's locked
 * stock lasts as many round trips as it makes. Answers nothing.
 */
export async function recordMovementsInBulk(tx: Database, movements: readonly Movement[]): Promise<void> {
  const moving = movements.filter((movement) => movement.onHandChange !== 0 || movement.allocatedChange !== 0);
  if (moving.length === 0) return;
  const rows = JSON.stringify(
    moving.map((movement) => ({ ...movement, orderId: movement.orderId ?? null, reason: movement.reason ?? null })),
  );
  await moveLevels(
    tx,
    moving,
    sql`insert into ${stockMovements}
    (product_id, warehouse_id, kind, on_hand_change, allocated_change, order_id, reason, "by")
    select "productId", "warehouseId", kind, "onHandChange", "allocatedChange", "orderId", reason, "by"
    from jsonb_to_recordset(${rows}::jsonb) as moved("productId" uuid, "warehouseId" uuid, kind text,
      "onHandChange" int, "allocatedChange" int, "orderId" uuid, reason text, "by" text)`,
  );
}

/** What the movements change: each level by the sum of its movements, each tool's sum available by its levels'. */
function changesOf(moving: readonly Movement[]) {
  const levels = new Map<string, { productId: string; warehouseId: string; onHand: number; allocated: number }>();
  const tools = new Map<string, number>();
  for (const movement of moving) {
    const key = `${movement.productId} ${movement.warehouseId}`;
    const level = levels.get(key) ?? {
      productId: movement.productId,
      warehouseId: movement.warehouseId,
      onHand: 0,
      allocated: 0,
    };
    level.onHand += movement.onHandChange;
    level.allocated += movement.allocatedChange;
    levels.set(key, level);
    const available = movement.onHandChange - movement.allocatedChange;
    tools.set(movement.productId, (tools.get(movement.productId) ?? 0) + available);
  }
  return {
    levels: [...levels.values()],
    tools: [...tools.entries()].map(([productId, available]) => ({ productId, available })),
  };
}

/**
 * Moves each level by the sum of its movements and keeps the tools' quantities as their sums available, in one
 * statement, after the `ledger`'s insert when one is given. Every part of one statement sees the levels as they were
 * before it, so a tool's quantity is that sum plus its change. Update, else insert: a tool's first stock in a
 * warehouse makes its level after. (An upsert would not do: PostgreSQL checks the row it would insert, an
 * allocation of nothing on hand, before it finds the conflict.) No one else makes the row meanwhile: the caller
 * holds the tool's lock.
 */
async function moveLevels(tx: Database, moving: readonly Movement[], ledger?: SQL): Promise<void> {
  const changes = changesOf(moving);
  const result = await tx.execute(sql`with ${ledger ? sql`ledger as (${ledger}),` : sql``}
    moved as (
      update ${stockLevels} set on_hand = ${stockLevels.onHand} + change."onHand",
        allocated = ${stockLevels.allocated} + change.allocated
      from jsonb_to_recordset(${JSON.stringify(changes.levels)}::jsonb)
        as change("productId" uuid, "warehouseId" uuid, "onHand" int, allocated int)
      where ${stockLevels.productId} = change."productId" and ${stockLevels.warehouseId} = change."warehouseId"
      returning ${stockLevels.productId} as "productId", ${stockLevels.warehouseId} as "warehouseId"
    ),
    counted as (
      update ${products} set quantity = change.available + (
        select coalesce(sum(level.on_hand - level.allocated), 0)::int from ${stockLevels} level
        where level.product_id = ${products.id})
      from jsonb_to_recordset(${JSON.stringify(changes.tools)}::jsonb) as change("productId" uuid, available int)
      where ${products.id} = change."productId"
      returning 1
    )
    select "productId", "warehouseId" from moved`);
  // Both drivers (node-postgres, PGlite) answer a raw statement's rows as `rows`.
  const { rows } = result as unknown as { rows: { productId: string; warehouseId: string }[] };
  const found = new Set(rows.map((row) => `${row.productId} ${row.warehouseId}`));
  const missing = changes.levels.filter((level) => !found.has(`${level.productId} ${level.warehouseId}`));
  if (missing.length > 0) await tx.insert(stockLevels).values(missing);
}

/** A tool's stock as every page shows it (the sum available); undefined when there is no such tool. */
export async function quantityOf(db: Database, productId: string): Promise<number | undefined> {
  const [tool] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, productId));
  return tool?.quantity;
}

/** A tool's levels in every warehouse it was ever kept in, in warehouse order (no lock: for answers). */
export async function levelsOf(db: Database, productId: string) {
  const rows = await db
    .select({
      warehouseId: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      active: warehouses.active,
      onHand: sql<number>`coalesce(${stockLevels.onHand}, 0)`.mapWith(Number),
      allocated: sql<number>`coalesce(${stockLevels.allocated}, 0)`.mapWith(Number),
    })
    .from(warehouses)
    .leftJoin(stockLevels, and(eq(stockLevels.warehouseId, warehouses.id), eq(stockLevels.productId, productId)))
    .orderBy(asc(warehouses.createdAt), asc(warehouses.id));
  return rows.map((row) => ({ ...row, available: availableOf(row) }));
}
