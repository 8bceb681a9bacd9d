import { type BackorderWaiting, expectedDayOf, orderNumberText } from "@forgeline/contract";
import { desc, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { enqueueAccountMails } from "../../identity/queries.js";
import { backordersOf, productsByIds } from "../../product/queries/products.js";
import { availableOf, lockStock, type Movement, recordMovementsInBulk } from "../../product/queries/stock-ledger.js";
import { orderLines, orders } from "../tables.js";

/**
 * Backorders filled by receipts (docs/STOCK.md, 'Backorders'): what is available of a tool goes to the lines
 * waiting for it, oldest order first, set-based so a receipt filling ten thousand lines is a handful of statements
 * (docs/decisions/068-backorders.md).
 */

/** A waiting line a receipt filled: how many pieces, where in the receipt's run of pieces they start. */
interface Filled {
  orderId: string;
  number: number;
  userEmail: string;
  name: string;
  quantity: number;
  pieces: number;
  /** The pieces handed out before this line's, in the run oldest order first. */
  before: number;
  /** What the line still waits for after this. */
  waiting: number;
}

/**
 * Gives what is available of the tool to the lines waiting for it, oldest order first, in the caller's transaction
 * (the receipt's): one statement takes the pieces off the lines, then the ledger's allocations (one row per line and
 * warehouse) and the levels follow in bulk, and each buyer whose line is now complete gets a mail, all in one
 * multi-row insert. The warehouses give in warehouse order. Answers the lines filled.
 */
export async function fillBackorders(tx: Database, productId: string, by: string): Promise<number> {
  const { levels } = await lockStock(tx, [productId]);
  const sources = levels
    .filter((level) => level.active && availableOf(level) > 0)
    .map((level) => ({ warehouseId: level.warehouseId, available: availableOf(level) }));
  const total = sources.reduce((sum, source) => sum + source.available, 0);
  if (total === 0) return 0;
  const result = await tx.execute(sql`
    with waiting as (
      select ${orderLines.orderId} as order_id, ${orderLines.position} as position,
        ${orderLines.waitingQuantity} as waiting,
        sum(${orderLines.waitingQuantity}) over (
          order by ${orders.createdAt}, ${orders.id}, ${orderLines.position}
        ) - ${orderLines.waitingQuantity} as before
      from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${orderLines.productId} = ${productId} and ${orderLines.waitingQuantity} > 0
        -- An order that left whole waits no more for what it left without.
        and ${orders.fulfilmentStatus} not in ('shipped', 'delivered', 'cancelled')
    ),
    taken as (
      select order_id, position, before, least(waiting, ${total}::int - before) as pieces
      from waiting where before < ${total}::int
    )
    update ${orderLines} set waiting_quantity = ${orderLines.waitingQuantity} - taken.pieces
    from taken, ${orders}
    where ${orderLines.orderId} = taken.order_id and ${orderLines.position} = taken.position
      and ${orders.id} = taken.order_id
    returning taken.order_id as "orderId", ${orders.number} as "number", ${orders.userEmail} as "userEmail",
      ${orderLines.name} as "name", ${orderLines.quantity} as "quantity", taken.pieces as "pieces",
      taken.before as "before", ${orderLines.waitingQuantity} as "waiting"`);
  // Both drivers (node-postgres, PGlite) answer a raw statement's rows as `rows`.
  const { rows } = result as unknown as { rows: Record<string, unknown>[] };
  const filled = rows.map(
    (row): Filled => ({
      orderId: String(row.orderId),
      number: Number(row.number),
      userEmail: String(row.userEmail),
      name: String(row.name),
      quantity: Number(row.quantity),
      pieces: Number(row.pieces),
      before: Number(row.before),
      waiting: Number(row.waiting),
    }),
  );
  await recordMovementsInBulk(tx, allocationsOf(filled, sources, productId, by));
  await enqueueAccountMails(
    tx,
    "backorder-ready",
    filled
      .filter((line) => line.waiting === 0)
      .map((line) => ({
        to: line.userEmail,
        data: {
          orderId: line.orderId,
          number: orderNumberText(line.number),
          productName: line.name,
          quantity: line.quantity,
        },
      })),
  );
  return filled.length;
}

/**
 * The ledger's allocations for the lines filled: the receipt's run of pieces laid over the warehouses' (each
 * warehouse's available pieces one after another), so a line whose pieces straddle two warehouses gets a row from
 * each. Lines come sorted by `before`, as the run is.
 */
export function allocationsOf(
  filled: readonly Pick<Filled, "orderId" | "pieces" | "before">[],
  sources: readonly { warehouseId: string; available: number }[],
  productId: string,
  by: string,
): Movement[] {
  const movements: Movement[] = [];
  const lines = [...filled].sort((a, b) => a.before - b.before);
  let start = 0;
  for (const source of sources) {
    const end = start + source.available;
    for (const line of lines) {
      const pieces = Math.min(end, line.before + line.pieces) - Math.max(start, line.before);
      if (pieces <= 0) continue;
      movements.push({
        productId,
        warehouseId: source.warehouseId,
        kind: "allocated",
        onHandChange: 0,
        allocatedChange: pieces,
        orderId: line.orderId,
        by,
      });
    }
    start = end;
  }
  return movements;
}

/** GET /admin/stock/backorders: each tool with pieces waiting, most waiting first. */
export async function backordersWaiting(db: Database): Promise<BackorderWaiting[]> {
  const waiting = sql<number>`sum(${orderLines.waitingQuantity})::int`.mapWith(Number);
  const rows = await db
    .select({
      productId: orderLines.productId,
      waiting,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`.mapWith(Number),
    })
    .from(orderLines)
    .where(gt(orderLines.waitingQuantity, 0))
    .groupBy(orderLines.productId)
    .orderBy(desc(waiting), orderLines.productId);
  const tools = new Map(
    (
      await productsByIds(
        db,
        rows.map((row) => row.productId),
      )
    ).map((tool) => [tool.id, tool]),
  );
  return rows.map((row) => {
    const tool = tools.get(row.productId);
    return {
      productId: row.productId,
      name: tool?.name ?? "",
      sku: tool?.sku ?? "",
      waiting: row.waiting,
      orders: row.orders,
      expectedAt: tool ? (expectedDayOf(backordersOf(tool)) ?? null) : null,
    };
  });
}
