import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { PricedChangeCents } from "../../pricing/price.js";
import { moveShipmentLines } from "../../shipment/queries.js";
import { orderLines, orders } from "../tables.js";
import { factColumns, insertOrderLines } from "./lifecycle.js";
import { linesOf, type OrderRow } from "./orders.js";

/**
 * Writes a change of an order's lines (ordering/change-order.ts), in the caller's transaction with the order locked:
 * its lines replaced by the priced ones (a line with pieces shipped keeps them, and its shipments follow it to its
 * new position: docs/decisions/079-changing-an-order-shipped-in-part.md), its sums and the first line's fields (SPEC.md's) as the price function made
 * them, its revision one up, back to awaiting approval when the change waits for an owner, and what was paid of it
 * when money was (`money`, change-money.ts). Only on the revision the change was made on; undefined when the order
 * is on another one by now.
 */
export async function storeChange(
  tx: Database,
  before: OrderRow,
  priced: PricedChangeCents,
  waits: boolean,
  money?: Pick<OrderRow, "paymentStatus" | "amountPaidCents">,
): Promise<OrderRow | undefined> {
  const [first] = priced.lines;
  if (!first) throw new Error("an order keeps at least one line");
  const [after] = await tx
    .update(orders)
    .set({
      productId: first.productId,
      productName: first.name,
      unitPriceCents: Number(first.unitCents),
      quantity: priced.pieces,
      lineCount: priced.lines.length,
      subtotalCents: Number(priced.subtotalCents),
      discountCents: Number(priced.discountCents),
      taxCents: Number(priced.taxCents),
      totalCents: Number(priced.totalCents),
      revision: before.revision + 1,
      ...(waits && factColumns("awaiting-approval", before.paymentStatus)),
      // What was paid of a card order, kept against the new total in the same update (ordering/change-money.ts).
      ...(money && { paymentStatus: money.paymentStatus, amountPaidCents: money.amountPaidCents }),
    })
    .where(and(eq(orders.id, before.id), eq(orders.revision, before.revision)))
    .returning();
  if (!after) return undefined;
  const old = await linesOf(tx, before.id);
  await tx.delete(orderLines).where(eq(orderLines.orderId, before.id));
  // A line with pieces shipped is kept as it was (change-lines.ts refuses to touch it): its shipped pieces stay.
  const shippedOf = new Map(old.map((line) => [line.productId, line.shippedQuantity]));
  await insertOrderLines(
    tx,
    before.id,
    priced.lines.map((line) => ({ ...line, shippedQuantity: shippedOf.get(line.productId) ?? 0 })),
  );
  // Its shipments name its lines by position, and the lines are numbered again from 0: each shipped line's follow it.
  const newPosition = new Map(priced.lines.map((line, position) => [line.productId, position]));
  await moveShipmentLines(
    tx,
    before.id,
    old.flatMap((line) => {
      const to = newPosition.get(line.productId);
      return line.shippedQuantity > 0 && to !== undefined && to !== line.position ? [{ from: line.position, to }] : [];
    }),
  );
  return after;
}
