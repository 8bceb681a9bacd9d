import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { orders } from "../ordering/tables.js";
import { products } from "../product/tables.js";

export type MarkPaidResult = "paid" | "already-paid" | "out-of-stock";

class OutOfStock extends Error {}

/**
 * The only way an order becomes paid: in one transaction the order is marked paid with its transaction
 * id (only if it was unpaid, so a replay or a concurrent attempt changes nothing) and the product's stock
 * drops by the ordered quantity (only if the stock covers it; otherwise nothing is written).
 */
export async function markOrderPaid(db: Database, orderId: string, transactionId: string): Promise<MarkPaidResult> {
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ paid: true, transactionId, paidAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
        .returning({ productId: orders.productId, quantity: orders.quantity });
      if (!order) return "already-paid";
      const [taken] = await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${order.quantity}` })
        .where(and(eq(products.id, order.productId), gte(products.quantity, order.quantity)))
        .returning({ id: products.id });
      if (!taken) throw new OutOfStock();
      return "paid";
    });
  } catch (error) {
    if (error instanceof OutOfStock) return "out-of-stock";
    throw error;
  }
}
