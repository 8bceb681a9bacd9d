import { centsToDollars, type Order, type OrderCounts, type OrderStatus } from "@forgeline/contract";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { isUniqueViolation } from "../db/errors.js";
import { enqueueMail } from "../mail/queries.js";
import type { MailTemplateName } from "../mail/templates/index.js";
import { invoiceCounters, orderEvents, orders } from "./tables.js";

export type OrderRow = typeof orders.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrder = Omit<
  typeof orders.$inferInsert,
  | "id"
  | "status"
  | "paid"
  | "transactionId"
  | "paidAt"
  | "carrier"
  | "trackingNumber"
  | "trackingUrl"
  | "invoiceNumber"
  | "createdAt"
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
    invoiceNumber: row.invoiceNumber,
  };
}

/** The mail a customer gets when their order reaches a status (none for `delivered`: they know). */
const MAIL_ON: Partial<Record<OrderStatus, MailTemplateName>> = {
  unpaid: "order-placed",
  paid: "payment-receipt",
  shipped: "order-shipped",
  cancelled: "order-cancelled",
  refunded: "order-refunded",
};

/**
 * Adds the line of the order's history for the status it has just reached and, in the same transaction,
 * puts the customer's mail about it in the outbox: the one way every change of an order is recorded.
 */
async function recordStatus(tx: Database, order: OrderRow, by: string, note: string | null) {
  await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, by, note });
  const template = MAIL_ON[order.status];
  if (!template) return;
  await enqueueMail(tx, order.userEmail, template, {
    orderId: order.id,
    name: order.userName,
    productName: order.productName,
    quantity: order.quantity,
    unitPriceCents: order.unitPriceCents,
    totalCents: order.totalCents,
    invoiceNumber: order.invoiceNumber,
    transactionId: order.transactionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    note,
  });
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
      const [created] = await tx.insert(orders).values(order).returning();
      if (!created) return null;
      await recordStatus(tx, created, order.userEmail, "Placed");
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Marks the order paid with its transaction id and the next invoice number, only if it was unpaid, and
 * adds that to its history (in the caller's transaction, which also takes the stock); answers what was
 * paid for, or undefined when the order is no longer unpaid.
 */
export async function markPaid(
  tx: Database,
  orderId: string,
  transactionId: string,
): Promise<{ productId: string; quantity: number } | undefined> {
  const [unpaid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, "unpaid")))
    .for("update");
  if (!unpaid) return undefined;
  const [order] = await tx
    .update(orders)
    .set({ status: "paid", paid: true, transactionId, paidAt: sql`now()`, invoiceNumber: await nextInvoiceNumber(tx) })
    .where(and(eq(orders.id, orderId), eq(orders.status, "unpaid")))
    .returning();
  if (!order) return undefined;
  await recordStatus(tx, order, order.userEmail, `Payment ${transactionId}`);
  return { productId: order.productId, quantity: order.quantity };
}

/** The next number of this year's invoices; must run in the transaction that pays (see invoiceCounters). */
async function nextInvoiceNumber(tx: Database): Promise<string> {
  const year = new Date().getUTCFullYear();
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `INV-${year}-${String(counter?.last).padStart(6, "0")}`;
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
  await recordStatus(tx, after, change.by, note);
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
    .returning();
  for (const order of cancelled) await recordStatus(tx, order, by, note);
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
