import type { StockMovementKind } from "@forgeline/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedStatement } from "../../db/prepared.js";
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

/** A level as the locking statements read it: with its warehouse's creation to the microsecond, for its rank. */
type LevelRead = Omit<LockedLevel, "rank"> & { placedAt: string };

/** The tools' rows, locked in one order (by id). */
const toolsLocked = (ids: SQL) => sql`select ${products.id} as id, ${products.name} as name,
    ${products.archivedAt} is not null as archived, ${products.backordersAllowed} as backorders,
    ${products.quantity} as quantity
  from ${products} where ${products.id} = any(${ids}) order by ${products.id} for update`;

/** Their levels with their warehouses, locked in one order (by tool, then warehouse); `tools`: the tools' ids. */
const levelsLocked = (tools: SQL) => sql`select ${stockLevels.productId} as "productId",
    ${stockLevels.warehouseId} as "warehouseId", ${stockLevels.onHand} as "onHand",
    ${stockLevels.allocated} as allocated, ${warehouses.code} as code, ${warehouses.name} as name,
    ${warehouses.active} as active,
    -- To the microsecond, as PostgreSQL orders them (a JavaScript date keeps milliseconds).
    to_char(${warehouses.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as "placedAt"
  from ${stockLevels} inner join ${warehouses} on ${warehouses.id} = ${stockLevels.warehouseId}
  where ${stockLevels.productId} = any(${tools})
  order by ${stockLevels.productId}, ${stockLevels.warehouseId} for update of ${stockLevels}`;

/** Both drivers (node-postgres, PGlite) answer a raw statement's rows as `rows`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Locks the tools' rows and every level of theirs (SELECT … FOR UPDATE, in one order) for the rest of the
 * caller's transaction; answers the tools (withdrawn or not) and their levels, each tool's in warehouse order.
 * Two statements: the levels' is read after the tools' locks are held, so it sees every level another transaction
 * made while this one waited (a count of a warehouse must find its level, whatever it holds).
 */
export async function lockStock(tx: Database, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return lockedStockOf([], []);
  const tools = rowsOf<ToolRead>(await tx.execute(toolsLocked(idsArray(ids))));
  return lockedStockOf(tools, rowsOf<LevelRead>(await tx.execute(levelsLocked(idsArray(ids)))));
}

/** Tools' ids as one parameter, an array. */
const idsArray = (ids: readonly string[]) => sql`${sql.param(ids)}::uuid[]`;

/** `lockStockToTake`'s statement, built once: the tools locked, then their levels, both answered as JSON. */
const toolsAndLevelsLocked = preparedStatement(
  "tools_and_levels_locked",
  sql`with tools as materialized (${toolsLocked(sql`${sql.placeholder("ids")}::uuid[]`)}),
    levels as materialized (${levelsLocked(sql`array(select id from tools)`)})
    select (select coalesce(json_agg(tools), '[]'::json) from tools) as tools,
      (select coalesce(json_agg(levels), '[]'::json) from levels) as levels`,
);

/**
 * `lockStock` for taking stock (a payment, an order on account): the tools and their levels locked and read in one
 * statement, since a payment's turn at a tool's locked stock lasts as many round trips as it makes (docs/STOCK.md,
 * 'When an order takes its pieces'). A level that statement waited on is read as its holder left it, but one made
 * meanwhile is not in its snapshot: only where such a level holds pieces available (the tool's sum available, read
 * under its lock, is more than the levels read) are the levels read again, as `lockStock` reads them.
 */
export async function lockStockToTake(tx: Database, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return lockedStockOf([], []);
  const [read] = rowsOf<{ tools: ToolRead[]; levels: LevelRead[] }>(await toolsAndLevelsLocked(tx).execute({ ids }));
  const toolsRead = read?.tools ?? [];
  const levelsRead = read?.levels ?? [];
  const availableRead = (productId: string) =>
    levelsRead.filter((level) => level.productId === productId).reduce((sum, level) => sum + availableOf(level), 0);
  const missesALevel = toolsRead.some((tool) => tool.quantity !== availableRead(tool.id));
  const levels = missesALevel ? rowsOf<LevelRead>(await tx.execute(levelsLocked(idsArray(ids)))) : levelsRead;
  return lockedStockOf(toolsRead, levels);
}

interface ToolRead {
  id: string;
  name: string;
  archived: boolean;
  backorders: boolean;
  quantity: number;
}

/** The tools by id, and their levels each ranked by its warehouse's place among the warehouses of the levels read. */
function lockedStockOf(tools: readonly ToolRead[], read: readonly LevelRead[]) {
  // The warehouses' order as `warehousesInOrder` lists them, among those these levels are in.
  const places = [...new Map(read.map((level) => [level.warehouseId, level])).values()].sort(
    (a, b) => compareText(a.placedAt, b.placedAt) || compareText(a.warehouseId, b.warehouseId),
  );
  const rankOf = new Map(places.map((place, rank) => [place.warehouseId, rank]));
  const levels: LockedLevel[] = read
    .map(({ placedAt: _placed, ...level }) => ({ ...level, rank: rankOf.get(level.warehouseId) ?? 0 }))
    .sort((a, b) => compareText(a.productId, b.productId) || a.rank - b.rank);
  const byId = new Map<string, LockedTool>(
    tools.map((tool) => [tool.id, { name: tool.name, archived: tool.archived, backorders: tool.backorders }]),
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
export async function recordMovementsInBulk(
  tx: Database,
  movements: readonly Movement[],
  alongside?: WrittenAlongside,
): Promise<void> {
  const moving = movements.filter((movement) => movement.onHandChange !== 0 || movement.allocatedChange !== 0);
  if (moving.length === 0) {
    if (alongside) await alongside.statements.alone(tx).execute(alongside.values);
    return;
  }
  const rows = JSON.stringify(
    moving.map((movement) => ({ ...movement, orderId: movement.orderId ?? null, reason: movement.reason ?? null })),
  );
  await moveLevels(tx, moving, rows, alongside);
}

/**
 * What a caller writes in the same statement as the stock it moves (a payment's invoice, sales and receipt, decision
 * 080: the tool's locked stock is held one round trip less): its statements, from `writeAlongside`, and their values.
 */
export interface WrittenAlongside {
  statements: ReturnType<typeof writeAlongside>;
  values: Record<string, unknown>;
}

/**
 * Prepares `ctes` (common table expressions with placeholders, written by another resource) to be written with the
 * movements' statement (`recordMovementsInBulk` given them), or alone when nothing moves; `name` names them.
 */
export function writeAlongside(name: string, ctes: (db: Database) => SQL) {
  return {
    withStock: preparedStatement(`${name}_with_stock`, (db) => levelsMovedBy(ledgerRows, ctes(db))),
    alone: preparedStatement(name, (db) => sql`with ${ctes(db)} select 1`),
  };
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
 * Each level moved by the sum of its movements and the tools' quantities kept as their sums available, in one
 * statement, after the `ledger`'s insert when one is given, and before what a caller writes `alongside`. Every part of
 * one statement sees the levels as they were before it, so a tool's quantity is that sum plus its change. Built once
 * per form: a payment runs it holding the tool's locked stock.
 */
const levelsMovedBy = (ledger?: SQL, alongside?: SQL) => sql`with ${ledger ? sql`ledger as (${ledger}),` : sql``}
    moved as (
      update ${stockLevels} set on_hand = ${stockLevels.onHand} + change."onHand",
        allocated = ${stockLevels.allocated} + change.allocated
      from jsonb_to_recordset(${sql.placeholder("levels")}::jsonb)
        as change("productId" uuid, "warehouseId" uuid, "onHand" int, allocated int)
      where ${stockLevels.productId} = change."productId" and ${stockLevels.warehouseId} = change."warehouseId"
      returning ${stockLevels.productId} as "productId", ${stockLevels.warehouseId} as "warehouseId"
    ),
    counted as (
      update ${products} set quantity = change.available + (
        select coalesce(sum(level.on_hand - level.allocated), 0)::int from ${stockLevels} level
        where level.product_id = ${products.id})
      from jsonb_to_recordset(${sql.placeholder("tools")}::jsonb) as change("productId" uuid, available int)
      where ${products.id} = change."productId"
      returning 1
    )${alongside ? sql`, ${alongside}` : sql``}
    select "productId", "warehouseId" from moved`;

/** The movements given as one JSON document written to the ledger (a row per value would pass PostgreSQL's limit). */
const ledgerRows = sql`insert into ${stockMovements}
    (product_id, warehouse_id, kind, on_hand_change, allocated_change, order_id, reason, "by")
    select "productId", "warehouseId", kind, "onHandChange", "allocatedChange", "orderId", reason, "by"
    from jsonb_to_recordset(${sql.placeholder("movements")}::jsonb) as moved("productId" uuid, "warehouseId" uuid,
      kind text, "onHandChange" int, "allocatedChange" int, "orderId" uuid, reason text, "by" text)`;

const levelsMoved = preparedStatement("levels_moved", levelsMovedBy());
const levelsMovedWithLedger = preparedStatement("levels_moved_with_ledger", levelsMovedBy(ledgerRows));

/**
 * Moves the levels by the movements (`levelsMovedBy`), writing them to the ledger in the same statement when given as
 * `ledger` (JSON), and what the caller writes `alongside`. Update, else insert: a tool's first stock in a warehouse
 * makes its level after. (An upsert would not do: PostgreSQL checks the row it would insert, an allocation of nothing
 * on hand, before it finds the conflict.) No one else makes the row meanwhile: the caller holds the tool's lock.
 */
async function moveLevels(
  tx: Database,
  moving: readonly Movement[],
  ledger?: string,
  alongside?: WrittenAlongside,
): Promise<void> {
  const changes = changesOf(moving);
  const values = { levels: JSON.stringify(changes.levels), tools: JSON.stringify(changes.tools) };
  const result = alongside
    ? await alongside.statements.withStock(tx).execute({ ...values, movements: ledger, ...alongside.values })
    : ledger
      ? await levelsMovedWithLedger(tx).execute({ ...values, movements: ledger })
      : await levelsMoved(tx).execute(values);
  const rows = rowsOf<{ productId: string; warehouseId: string }>(result);
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
