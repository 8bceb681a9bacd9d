import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { type Allocation, allocateOrder, giveBackOrderStock } from "../../product/queries/stock-allocation.js";
import { lockStock, type WrittenAlongside } from "../../product/queries/stock-ledger.js";
import { orderLines } from "../tables.js";
import { fillBackorders } from "./backorders.js";
import { linesOf, type OrderLineRow } from "./orders.js";

/**
 * An order's stock seen from the order (docs/STOCK.md): taking it, when a line above what is available waits for
 * the rest on its `waiting_quantity` (a backorder), and giving it back, when the waiting is cleared too. The
 * pieces themselves move in product/queries/stock-allocation.ts; what each line waits for is the order's.
 */

/**
 * Allocates the order's lines, or nothing: a line whose tool takes backorders takes what is available and waits
 * for the rest; any other short line answers `short` (the caller rolls back). In the caller's transaction; `known`
 * when the caller has read the lines in it, under the buyer's lock that every change of them takes; what the caller
 * writes `alongside` goes in the allocation's statement (stock-ledger.ts `writeAlongside`).
 */
export async function takeOrderStock(
  tx: Database,
  orderId: string,
  by: string,
  known?: readonly OrderLineRow[],
  alongside?: WrittenAlongside,
): Promise<Allocation> {
  // A line's pieces shipped already are not taken again (a change of an order shipped in part, decision 079).
  const lines = (known ?? (await linesOf(tx, orderId)))
    .map((line) => ({ ...line, quantity: line.quantity - line.shippedQuantity }))
    .filter((line) => line.quantity > 0);
  const taken = await allocateOrder(tx, { id: orderId, lines, by }, alongside);
  if ("short" in taken) return taken;
  const waits = lines.flatMap((line, index) => {
    const waiting = taken.waiting[index] ?? 0;
    return waiting > 0 ? [{ position: line.position, waiting }] : [];
  });
  for (const { position, waiting } of waits) {
    await tx
      .update(orderLines)
      .set({ waitingQuantity: waiting })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  }
  return taken;
}

/**
 * Gives back what the order holds (released, or returned when shipped), exactly as the ledger has it, and clears
 * what its lines wait for: a cancelled or refunded order waits for nothing. With `shipped: "kept"` (a change, which
 * takes its lines' stock again after) only what is set aside and not shipped: shipped pieces never come back to the
 * shelves (docs/decisions/079-changing-an-order-shipped-in-part.md). The stock is locked before the lines are read,
 * so a receipt filling this order's backorders meanwhile is seen whole or not at all. What comes back goes on to the
 * lines waiting for it, as a receipt's pieces do (`offerToWaitingLines`); a change offers what it left after it has
 * taken its own lines' stock again.
 */
export async function giveBackOrderStockOf(
  tx: Database,
  orderId: string,
  by: string,
  shipped: "returned" | "kept" = "returned",
): Promise<void> {
  const before = await linesOf(tx, orderId);
  await lockStock(
    tx,
    before.map((line) => line.productId),
  );
  const lines = await linesOf(tx, orderId);
  // An order that took its stock before warehouses has no ledger rows: its lines come back whole. A waiting piece
  // was never taken, so it is not given back.
  const keptOf = (line: (typeof lines)[number]) => (shipped === "kept" ? line.shippedQuantity : 0);
  await giveBackOrderStock(
    tx,
    {
      id: orderId,
      lines: lines.map((line) => ({
        productId: line.productId,
        quantity: line.quantity - line.waitingQuantity - keptOf(line),
      })),
      by,
    },
    shipped,
  );
  await clearWaiting(tx, orderId);
  if (shipped === "returned") await offerToWaitingLines(tx, lines, by);
}

/**
 * What is available of these lines' tools goes to the lines of other orders waiting for it, oldest order first
 * (`fillBackorders`), as when pieces are received: pieces a cancel, a refund or a smaller order gives back are not
 * left on the shelf for the next order while older ones wait (docs/decisions/082-given-back-pieces-fill-backorders.md).
 * In the caller's transaction, which holds the tools' stock locked already; tools one at a time in id order.
 */
export async function offerToWaitingLines(
  tx: Database,
  lines: readonly { productId: string }[],
  by: string,
): Promise<void> {
  for (const productId of [...new Set(lines.map((line) => line.productId))].sort()) {
    await fillBackorders(tx, productId, by);
  }
}

/** The order's lines wait for nothing more (it was cancelled or refunded). */
export async function clearWaiting(tx: Database, orderId: string): Promise<void> {
  await tx
    .update(orderLines)
    .set({ waitingQuantity: 0 })
    .where(and(eq(orderLines.orderId, orderId), gt(orderLines.waitingQuantity, 0)));
}
