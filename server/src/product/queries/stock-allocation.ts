import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { stockMovements } from "../tables.js";
import {
  availableOf,
  firstWarehouse,
  type LockedLevel,
  lockStock,
  lockStockToTake,
  type Movement,
  recordMovements,
  recordMovementsInBulk,
  type WrittenAlongside,
} from "./stock-ledger.js";

/**
 * An order's stock (docs/STOCK.md): allocated when the order takes it (paid by card; placed or approved on
 * account), shipped with it, released or returned when it is cancelled or refunded, always exactly what the ledger
 * says it holds in each warehouse.
 */

/** A line of an order as stock sees it: its tool and pieces (the caller reads them from the order). */
export interface Line {
  productId: string;
  quantity: number;
}

/** One line's share of one warehouse's pieces. */
export interface Part {
  warehouseId: string;
  line: Line;
  pieces: number;
}

/**
 * Where each line's pieces come from: the first warehouse (in warehouse order) that can cover the whole line;
 * else split, the warehouses with most available first, so the line is in as few parts as can be. `waiting[i]` is
 * what line i could not get: more than nothing only when `mayWait` says its tool takes backorders; otherwise the
 * plan is `short`, naming the first such tool and what was available of it. `levels` are the locked levels,
 * changed here as the plan takes from them.
 */
export function planAllocation(
  lines: readonly Line[],
  levels: LockedLevel[],
  mayWait: (productId: string) => boolean = () => false,
): { parts: Part[]; waiting: number[] } | { short: { productId: string; available: number } } {
  const parts: Part[] = [];
  const waiting = lines.map(() => 0);
  const order = lines
    .map((_, index) => index)
    .sort((a, b) => lineAt(lines, a).productId.localeCompare(lineAt(lines, b).productId));
  for (const index of order) {
    const line = lineAt(lines, index);
    const own = levels.filter((level) => level.productId === line.productId && availableOf(level) > 0);
    const whole = own.find((level) => availableOf(level) >= line.quantity);
    const sources = whole ? [whole] : [...own].sort((a, b) => availableOf(b) - availableOf(a) || a.rank - b.rank);
    const available = own.reduce((sum, level) => sum + availableOf(level), 0);
    if (available < line.quantity && !mayWait(line.productId))
      return { short: { productId: line.productId, available } };
    let left = line.quantity;
    for (const level of sources) {
      if (left === 0) break;
      const pieces = Math.min(left, availableOf(level));
      level.allocated += pieces;
      left -= pieces;
      parts.push({ warehouseId: level.warehouseId, line, pieces });
    }
    waiting[index] = left;
  }
  return { parts, waiting };
}

function lineAt(lines: readonly Line[], index: number): Line {
  const line = lines[index];
  if (!line) throw new Error(`no line ${index}`);
  return line;
}

/** What taking an order's stock came to: what each line waits for, or the tool that is short and what it has. */
export type Allocation =
  | { waiting: number[] }
  | { short: { productId: string; name: string; available: number } | { productId: string; withdrawn: true } };

/**
 * Allocates every line of the order, or nothing. A line above what is available takes what there is and waits for
 * the rest when its tool takes backorders (docs/STOCK.md, 'Backorders'); otherwise the answer is `short`, naming
 * the tool and what is available of it (the caller rolls back), as it is for a withdrawn tool. In the caller's
 * transaction, under the stock's locks; what the caller writes `alongside` goes in the allocation's statement.
 */
export async function allocateOrder(
  tx: Database,
  order: { id: string; lines: readonly Line[]; by: string },
  alongside?: WrittenAlongside,
): Promise<Allocation> {
  const { id: orderId, lines, by } = order;
  const { tools, levels } = await lockStockToTake(
    tx,
    lines.map((line) => line.productId),
  );
  const withdrawn = lines.find((line) => tools.get(line.productId)?.archived !== false);
  if (withdrawn) return { short: { productId: withdrawn.productId, withdrawn: true } };
  const plan = planAllocation(lines, levels, (productId) => tools.get(productId)?.backorders === true);
  if ("short" in plan) {
    return { short: { ...plan.short, name: tools.get(plan.short.productId)?.name ?? "" } };
  }
  await recordMovementsInBulk(
    tx,
    plan.parts.map(({ warehouseId, line, pieces }) => ({
      productId: line.productId,
      warehouseId,
      kind: "allocated",
      onHandChange: 0,
      allocatedChange: pieces,
      orderId,
      by,
    })),
    alongside,
  );
  return { waiting: plan.waiting };
}

/** What the order holds per tool and warehouse, from the ledger: allocated, and shipped and not returned. */
async function heldBy(tx: Database, orderId: string) {
  return tx
    .select({
      productId: stockMovements.productId,
      warehouseId: stockMovements.warehouseId,
      allocated: sql<number>`sum(${stockMovements.allocatedChange})`.mapWith(Number),
      shipped:
        sql<number>`coalesce(-sum(${stockMovements.onHandChange}) filter (where ${stockMovements.kind} in ('shipped', 'returned')), 0)`.mapWith(
          Number,
        ),
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .groupBy(stockMovements.productId, stockMovements.warehouseId)
    .orderBy(stockMovements.productId, stockMovements.warehouseId);
}

/** What the order has allocated and not shipped, per tool and warehouse (none where nothing is). */
export async function allocatedTo(tx: Database, orderId: string) {
  return (await heldBy(tx, orderId))
    .filter((row) => row.allocated > 0)
    .map(({ productId, warehouseId, allocated }) => ({ productId, warehouseId, allocated }));
}

/**
 * Ships pieces the order has allocated in one warehouse (a shipment, docs/STOCK.md 'Shipments'): out of that
 * warehouse's count on hand and its allocation. The caller checked they are allocated there (`allocatedTo`) under
 * the order's lock; the levels' checks refuse, and roll back, anything else.
 */
export async function shipFromWarehouse(
  tx: Database,
  shipment: { orderId: string; warehouseId: string; lines: readonly Line[]; by: string },
): Promise<void> {
  const { orderId, warehouseId, lines, by } = shipment;
  await lockStock(
    tx,
    lines.map((line) => line.productId),
  );
  await recordMovements(
    tx,
    lines.map((line) => ({
      productId: line.productId,
      warehouseId,
      kind: "shipped",
      onHandChange: -line.quantity,
      allocatedChange: -line.quantity,
      orderId,
      by,
    })),
  );
}

/**
 * Gives back all the order holds: what is allocated released, what was shipped returned to the warehouse it left,
 * each exactly as the ledger has it; with `shipped: "kept"` only what is allocated (a change of an order shipped in
 * part, docs/decisions/079-changing-an-order-shipped-in-part.md: its shipped pieces are the buyer's, never back on
 * the shelves). An order that took its stock before there were warehouses has no movements: its lines (as the caller
 * counts them) come back to the first warehouse.
 */
export async function giveBackOrderStock(
  tx: Database,
  order: { id: string; lines: readonly Line[]; by: string },
  shipped: "returned" | "kept" = "returned",
): Promise<void> {
  const { id: orderId, by } = order;
  const lines = order.lines.filter((line) => line.quantity > 0);
  const held = await heldBy(tx, orderId);
  if (held.length === 0) {
    await lockStock(
      tx,
      lines.map((line) => line.productId),
    );
    const first = await firstWarehouse(tx);
    await recordMovements(
      tx,
      lines.map((line) => ({
        productId: line.productId,
        warehouseId: first.id,
        kind: "returned",
        onHandChange: line.quantity,
        allocatedChange: 0,
        orderId,
        by,
      })),
    );
    return;
  }
  await lockStock(
    tx,
    held.map((row) => row.productId),
  );
  const movements: Movement[] = [];
  for (const row of held) {
    const base = { productId: row.productId, warehouseId: row.warehouseId, orderId, by };
    if (row.allocated > 0) {
      movements.push({ ...base, kind: "released", onHandChange: 0, allocatedChange: -row.allocated });
    }
    if (row.shipped > 0 && shipped === "returned") {
      movements.push({ ...base, kind: "returned", onHandChange: row.shipped, allocatedChange: 0 });
    }
  }
  await recordMovements(tx, movements);
}

/**
 * What orders have allocated in one warehouse and not shipped, per order and tool (the pick list's, docs/STOCK.md):
 * each from the ledger, as the order's own holdings are.
 */
export async function allocatedIn(db: Database, warehouseId: string) {
  const allocated = sql<number>`sum(${stockMovements.allocatedChange})`.mapWith(Number);
  return db
    .select({ orderId: stockMovements.orderId, productId: stockMovements.productId, allocated })
    .from(stockMovements)
    .where(and(eq(stockMovements.warehouseId, warehouseId), isNotNull(stockMovements.orderId)))
    .groupBy(stockMovements.orderId, stockMovements.productId)
    .having(sql`sum(${stockMovements.allocatedChange}) > 0`);
}
