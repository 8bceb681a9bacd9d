import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { isUniqueViolation } from "../db/errors.js";
import { orders } from "./tables.js";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "paid" | "transactionId" | "paidAt" | "createdAt">;

export function ordersOf(db: Database, email: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userEmail, email)).orderBy(desc(orders.createdAt));
}

/** One of the customer's orders; someone else's order is as good as missing. */
export async function orderOf(db: Database, email: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userEmail, email)));
  return row;
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * Stores a new unpaid order and answers its id, or null when the customer already has an unpaid order of
 * this product (the one-unpaid-order-per-product index refuses it).
 */
export async function placeOrder(db: Database, order: NewOrder): Promise<string | null> {
  try {
    const [created] = await db.insert(orders).values(order).returning({ id: orders.id });
    return created?.id ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Marks the order paid with its transaction id, only if it was unpaid (in the caller's transaction, which
 * also takes the stock); answers what was paid for, or undefined when it was paid already.
 */
export async function markPaid(
  db: Database,
  orderId: string,
  transactionId: string,
): Promise<{ productId: string; quantity: number } | undefined> {
  const [order] = await db
    .update(orders)
    .set({ paid: true, transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
    .returning({ productId: orders.productId, quantity: orders.quantity });
  return order;
}
