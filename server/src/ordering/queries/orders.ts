import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { amongIds, preparedOnce } from "../../db/prepared.js";
import { type orderEvents, orderLines, orders } from "../tables.js";

/**
 * The orders and their lines as they are stored. The rest of ordering's queries live by concern beside it: the
 * lifecycle (placing, every status change, paying), the mails each status sends, the sales counters, the
 * reports, and the wire's shape of an order.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

const linesQuery = preparedOnce((db) =>
  db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, sql.placeholder("orderId")))
    .orderBy(asc(orderLines.position))
    .prepare("order_lines_of"),
);

/** An order's lines, first to last. */
export function linesOf(db: Database, orderId: string): Promise<OrderLineRow[]> {
  return linesQuery(db).execute({ orderId });
}

const linesOfOrdersQuery = preparedOnce((db) =>
  db
    .select()
    .from(orderLines)
    .where(amongIds(orderLines.orderId, "orderIds"))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position))
    .prepare("order_lines_of_orders"),
);

/** The lines of several orders, grouped by order (one query for all of them, the ids one array). */
export async function linesByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await linesOfOrdersQuery(db).execute({ orderIds });
  for (const line of rows) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return byOrder;
}

export function ordersOf(db: Database, email: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userEmail, email)).orderBy(desc(orders.createdAt));
}

const orderQuery = preparedOnce((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare("order_by_id"),
);

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await orderQuery(db).execute({ id });
  return row;
}

/** A company's orders, newest first: the history its members share (docs/SELLING-TO-BUSINESSES.md, 'Companies'). */
export function ordersOfCompany(db: Database, companyId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** How many of a company's orders wait for an owner's approval: the count beside the owners' Approvals. */
export async function awaitingApprovalCount(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.status, "awaiting-approval")));
  return row?.count ?? 0;
}

/** What a paid order takes from stock (and a refund puts back): each line's tool and pieces. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/** Each line's tool and pieces, for taking or returning stock. */
export async function stockLinesOf(db: Database, orderId: string): Promise<StockLine[]> {
  return (await linesOf(db, orderId)).map(({ productId, quantity }) => ({ productId, quantity }));
}

/** These orders, oldest first. */
export async function ordersByIds(db: Database, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
