import { centsToDollars, type Order } from "@forgeline/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { orders } from "./tables.js";

type OrderRow = typeof orders.$inferSelect;

export function toOrderJson(row: OrderRow): Order {
  return {
    _id: row.id,
    orderId: row.productId,
    order: row.productName,
    unitPrice: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    price: centsToDollars(row.totalCents),
    userEmail: row.userEmail,
    userName: row.userName,
    phone: row.phone,
    address: row.address,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ordersOf(db: Database, email: string): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userEmail, email)).orderBy(desc(orders.createdAt));
  return rows.map(toOrderJson);
}

/** One of the customer's orders; someone else's order is as good as missing. */
export async function orderOf(db: Database, email: string, id: string): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userEmail, email)));
  return row && toOrderJson(row);
}

/** PostgreSQL's unique-violation code, raised by the one-unpaid-order-per-product index. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}
