import { centsToDollars, type Order, type OrderCounts, type OrderStatus } from "@forgeline/contract";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { isUniqueViolation } from "../db/errors.js";
import { orderEvents, orders } from "./tables.js";

export type OrderRow = typeof orders.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  "id" | "status" | "paid" | "transactionId" | "paidAt" | "carrier" | "trackingNumber" | "trackingUrl" | "createdAt"
>;

/** The statuses in which the shop holds the customer's money (the wire's `paid`). */
const MONEY_HELD: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/**
 * An order as the spec names its fields on the wire: `orderId` is the product's id, `order` the product's
 * name and `price` the order's total. Only here; everywhere else they are productId, productName, total.
 */
function toOrderJson(row: OrderRow, history: OrderEventRow[]): Order {
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
    status: row.status,
    statusHistory: history.map((event) => ({
      status: event.status,
      at: event.createdAt.toISOString(),
      by: event.by,
      note: event.note,
    })),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
  };
}

/** The orders as the wire shows them, each with its history (one query for all of them). */
export async function withHistory(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((row) =>
    toOrderJson(
      row,
      events.filter((event) => event.orderId === row.id),
    ),
  );
}

/** One order as the wire shows it, with its history. */
export async function orderWithHistory(db: Database, row: OrderRow): Promise<Order> {
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return toOrderJson(row, history);
}

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
 * Stores a new unpaid order with the first line of its history and answers its id, or null when the
 * customer already has an unpaid order of this product (the one-unpaid-order-per-product index refuses it).
 */
export async function placeOrder(db: Database, order: NewOrder): Promise<string | null> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(orders).values(order).returning({ id: orders.id });
      if (!created) return null;
      await tx
        .insert(orderEvents)
        .values({ orderId: created.id, status: "unpaid", by: order.userEmail, note: "Placed" });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Marks the order paid with its transaction id, only if it was unpaid, and adds that to its history (in
 * the caller's transaction, which also takes the stock); answers what was paid for, or undefined when the
 * order is no longer unpaid.
 */
export async function markPaid(
  db: Database,
  orderId: string,
  transactionId: string,
): Promise<{ productId: string; quantity: number } | undefined> {
  const [order] = await db
    .update(orders)
    .set({ status: "paid", paid: true, transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, "unpaid")))
    .returning({ productId: orders.productId, quantity: orders.quantity, userEmail: orders.userEmail });
  if (!order) return undefined;
  await db
    .insert(orderEvents)
    .values({ orderId, status: "paid", by: order.userEmail, note: `Payment ${transactionId}` });
  return { productId: order.productId, quantity: order.quantity };
}

export interface StatusChange {
  /** The statuses the order may be in for this change. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The email of who acts. */
  by: string;
  /** Why, for the history; a function when it depends on where the order stood. */
  note?: string | ((before: OrderRow) => string);
  /** Only this customer's order (someone else's is as good as missing). */
  ownedBy?: string;
  fields?: Partial<Pick<OrderRow, "carrier" | "trackingNumber" | "trackingUrl">>;
}

export type StatusChangeResult =
  | { kind: "changed"; before: OrderRow; after: OrderRow }
  | { kind: "refused"; status: OrderStatus }
  | { kind: "missing" };

/**
 * Moves an order from one of `from` to `to` with a line in its history. Must run in the caller's
 * transaction: the row is locked first (SELECT … FOR UPDATE), so of two admins acting on one order at
 * once the second waits, then sees the first one's status and is refused.
 */
export async function changeStatus(tx: Database, orderId: string, change: StatusChange): Promise<StatusChangeResult> {
  const owner = change.ownedBy === undefined ? undefined : eq(orders.userEmail, change.ownedBy);
  const [before] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), owner))
    .for("update");
  if (!before) return { kind: "missing" };
  if (!change.from.includes(before.status)) return { kind: "refused", status: before.status };
  const [after] = await tx
    .update(orders)
    .set({ ...change.fields, status: change.to, paid: MONEY_HELD.includes(change.to) })
    .where(and(eq(orders.id, orderId), eq(orders.status, before.status)))
    .returning();
  if (!after) return { kind: "refused", status: before.status };
  const note = typeof change.note === "function" ? change.note(before) : (change.note ?? null);
  await tx.insert(orderEvents).values({ orderId, status: change.to, by: change.by, note });
  return { kind: "changed", before, after };
}

/**
 * Cancels every unpaid order of a product withdrawn from the catalogue, with the reason in each one's
 * history, in the caller's transaction (the one that withdraws it). Answers how many it cancelled.
 */
export async function cancelUnpaidOrdersOf(tx: Database, productId: string, by: string) {
  const note = "The tool was withdrawn from the catalogue.";
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled", paid: false })
    .where(and(eq(orders.productId, productId), eq(orders.status, "unpaid")))
    .returning({ id: orders.id });
  if (cancelled.length > 0) {
    await tx
      .insert(orderEvents)
      .values(cancelled.map(({ id }) => ({ orderId: id, status: "cancelled" as const, by, note })));
  }
  return cancelled.length;
}

/** The admin list's filter: one status or all, and a search by customer email, product name or order id. */
export interface OrderFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
}

/** `q` as a LIKE pattern that matches itself literally (its % and _ are no wildcards). */
const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = literal(q);
  return or(
    ilike(orders.userEmail, `%${text}%`),
    ilike(orders.productName, `%${text}%`),
    ilike(sql`${orders.id}::text`, `${text}%`),
  );
}

/**
 * Every order the filter finds, newest first, a batch at a time (for the CSV export): each batch starts
 * after the last row of the one before, so orders placed meanwhile neither repeat nor push rows out.
 */
export async function* allOrders(db: Database, filter: OrderFilter, batch = 500): AsyncGenerator<OrderRow> {
  const where = and(filter.status ? eq(orders.status, filter.status) : undefined, matching(filter.q));
  let last: OrderRow | undefined;
  for (;;) {
    // The last row's time is read back in SQL: a JavaScript Date keeps milliseconds, the column microseconds.
    const after = last
      ? sql`(${orders.createdAt}, ${orders.id}) < (select created_at, id from ${orders} where id = ${last.id})`
      : undefined;
    const rows = await db
      .select()
      .from(orders)
      .where(and(where, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    last = rows.at(-1);
  }
}

/** One page of every order the filter finds, newest first, with how many it finds in all. */
export async function listOrders(db: Database, filter: OrderFilter, page: { limit: number; offset: number }) {
  const where = and(filter.status ? eq(orders.status, filter.status) : undefined, matching(filter.q));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { items: await withHistory(db, rows), total: total?.value ?? 0 };
}

/** How many orders the search finds in each status, and in all. */
export async function countOrders(db: Database, q: string | undefined): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, value: count() })
    .from(orders)
    .where(matching(q))
    .groupBy(orders.status);
  const counts: OrderCounts = { all: 0, unpaid: 0, paid: 0, shipped: 0, delivered: 0, cancelled: 0, refunded: 0 };
  for (const row of rows) {
    counts[row.status] = row.value;
    counts.all += row.value;
  }
  return counts;
}
