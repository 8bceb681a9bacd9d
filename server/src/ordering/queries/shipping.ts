import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orderLines } from "../tables.js";

/**
 * Counts pieces of the order's lines as shipped (docs/STOCK.md, 'Shipments'), in the transaction that ships them under
 * the order's lock. The lines' check refuses, and rolls back, more than a line holds.
 */
export async function countShipped(
  tx: Database,
  orderId: string,
  pieces: readonly { position: number; quantity: number }[],
): Promise<void> {
  for (const { position, quantity } of pieces) {
    await tx
      .update(orderLines)
      .set({ shippedQuantity: sql`${orderLines.shippedQuantity} + ${quantity}` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  }
}
