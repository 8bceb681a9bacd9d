import {
  canTransition,
  centsToDollars,
  MONEY_HELD_STATUSES,
  ORDER_TRANSITIONS,
  type Order,
  type OrderCounts,
  type OrderStatus,
  type OrderTransition,
  type PricedLine,
  rolePays,
  SPENDING_ORDER_STATUSES,
} from "@forgeline/contract";
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { membershipOf, ownersOf } from "../company/queries.js";
import type { Database } from "../db/client.js";
import { enqueueAccountMail, findAccount } from "../identity/queries.js";
import type { HoldableMailName } from "../mail/hold.js";
import type { PricedOrderCents } from "../pricing/price.js";
import { invoiceCounters, orderEvents, orderLines, orders, salesByDay } from "./tables.js";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;

/** A new order: who buys, where it goes, and what the price function made of its lines. */
export interface NewOrder {
  userEmail: string;
  userName: string;
  phone: string;
  address: string;
  poNumber?: string | null | undefined;
  /** The buyer's company, frozen on the order with its name, tax ID and exemption. */
  company?: { id: string; name: string; taxId: string | null; taxExempt: boolean } | undefined;
  /** `awaiting-approval` when a company owner must let it go ahead first. */
  status?: "unpaid" | "awaiting-approval";
  priced: PricedOrderCents;
}

/** SPEC.md's `order`: the first tool's name, and how many more the order holds. */
export const orderTitle = (row: Pick<OrderRow, "productName" | "lineCount">) =>
  row.lineCount > 1 ? `${row.productName} + ${row.lineCount - 1} more` : row.productName;

function lineToJson(line: OrderLineRow): PricedLine {
  return {
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    listUnitPrice: centsToDollars(line.listUnitCents),
    unitPrice: centsToDollars(line.unitCents),
    priceSource: line.priceSource,
    discount: centsToDollars(line.discountCents),
    total: centsToDollars(line.totalCents),
  };
}

/**
 * An order as the spec names its fields on the wire: `orderId` is the first line's product id, `order` its
 * name (and "+ N more"), `quantity` the pieces of all lines and `price` the order's total. Only here;
 * everywhere else they are productId, productName, quantity, total.
 */
function toOrderJson(row: OrderRow, history: OrderEventRow[], lines: OrderLineRow[]): Order {
  return {
    _id: row.id,
    orderId: row.productId,
    order: orderTitle(row),
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
    lines: lines.map(lineToJson),
    subtotal: centsToDollars(row.subtotalCents),
    promotion:
      row.promotionId && row.promotionName && row.promotionPercent !== null
        ? { _id: row.promotionId, name: row.promotionName, percent: row.promotionPercent }
        : null,
    discount: centsToDollars(row.discountCents),
    taxRate: row.taxRateMilli / 1000,
    tax: centsToDollars(row.taxCents),
    poNumber: row.poNumber,
    companyId: row.companyId,
  };
}

/** The mail a customer gets when their order reaches a status (none for `delivered`: they know). */
const MAIL_ON: Partial<Record<OrderStatus, HoldableMailName>> = {
  "awaiting-approval": "order-awaiting-approval",
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
  // "paid" is the only way into the statuses that hold the money, "refunded" the only way out.
  if (order.status === ORDER_TRANSITIONS.pay.to) await countSales(tx, order, 1);
  if (order.status === ORDER_TRANSITIONS.refund.to) await countSales(tx, order, -1);
  const template = MAIL_ON[order.status];
  if (!template) return;
  const lines = await linesOf(tx, order.id);
  // Until its owner confirms the address, the mail carries nothing the account wrote (its name, its PO
  // number): else anyone could sign up with a stranger's address and have the shop mail them their words.
  const confirmed = (await findAccount(tx, order.userEmail))?.verified ?? false;
  const mail = {
    orderId: order.id,
    name: confirmed ? order.userName : "",
    productName: orderTitle(order),
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    promotionName: order.promotionName,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    poNumber: confirmed ? order.poNumber : null,
    quantity: order.quantity,
    unitPriceCents: order.unitPriceCents,
    totalCents: order.totalCents,
    invoiceNumber: order.invoiceNumber,
    transactionId: order.transactionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    note,
    payer:
      canTransition("pay", order.status) && (await paidByColleague(tx, order)) ? ("colleague" as const) : undefined,
  };
  await enqueueAccountMail(tx, order.userEmail, template, mail);
  if (!canTransition("approve", order.status) || !order.companyId) return;
  // The owners who may approve it hear of it, in the shop's words only (no name, no PO number).
  for (const owner of await ownersOf(tx, order.companyId)) {
    if (owner !== order.userEmail) {
      await enqueueAccountMail(tx, owner, "approval-requested", { ...mail, name: "", poNumber: null });
    }
  }
}

/**
 * Whether a company's buyer or owner pays this order, its own buyer being a requester (docs/SELLING-TO-BUSINESSES.md,
 * 'Companies').
 */
async function paidByColleague(tx: Database, order: OrderRow): Promise<boolean> {
  if (!order.companyId) return false;
  const membership = await membershipOf(tx, order.userEmail);
  return membership?.companyId === order.companyId && !rolePays(membership.role);
}

/** What the lines of the orders `which` selects sold, per UTC day paid and tool, times `sign`. */
function salesOf(db: Database, which: SQL, sign: 1 | -1) {
  const day = utcDate(orders.paidAt);
  return (
    db
      .select({
        day: sql<string>`${day}`.as("day"),
        productId: orderLines.productId,
        sku: sql<string>`max(${orderLines.sku})`.as("sku"),
        name: sql<string>`max(${orderLines.name})`.as("name"),
        pieces: sql<number>`${sign} * sum(${orderLines.quantity})`.as("pieces"),
        cents: sql<number>`${sign} * sum(${orderLines.totalCents} - ${orderLines.discountCents})`.as("cents"),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(which, isNotNull(orders.paidAt)))
      .groupBy(day, orderLines.productId)
      // Two orders at once take the rows of their tools in the same order: never a deadlock.
      .orderBy(day, orderLines.productId)
  );
}

/**
 * Counts again what every tool sold per day from the orders themselves: for a database whose orders were
 * written without the shop (the bench's 100 000, a test that moves a payment's day).
 */
export async function recountSalesByDay(db: Database) {
  await db.transaction(async (tx) => {
    await tx.delete(salesByDay);
    await tx.insert(salesByDay).select(salesOf(tx, inArray(orders.status, [...MONEY_HELD_STATUSES]), 1));
  });
}

/** Adds an order's lines to (1) or takes them off (-1) what its tools sold on the UTC day it was paid. */
async function countSales(tx: Database, order: OrderRow, sign: 1 | -1) {
  await tx
    .insert(salesByDay)
    .select(salesOf(tx, eq(orders.id, order.id), sign))
    .onConflictDoUpdate({
      target: [salesByDay.day, salesByDay.productId],
      set: {
        pieces: sql`${salesByDay.pieces} + excluded.pieces`,
        cents: sql`${salesByDay.cents} + excluded.cents`,
        ...(sign > 0 ? { sku: sql`excluded.sku`, name: sql`excluded.name` } : {}),
      },
    });
}

/** An order's lines, first to last. */
export function linesOf(db: Database, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** The lines of several orders, grouped by order (one query for all of them). */
export async function linesByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const line of rows) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return byOrder;
}

/** The orders as the wire shows them, each with its lines and history (one query each for all of them). */
export async function withHistory(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [events, lines] = await Promise.all([
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    linesByOrder(db, ids),
  ]);
  return rows.map((row) =>
    toOrderJson(
      row,
      events.filter((event) => event.orderId === row.id),
      lines.get(row.id) ?? [],
    ),
  );
}

/** One order as the wire shows it, with its lines and history. */
export async function orderWithHistory(db: Database, row: OrderRow): Promise<Order> {
  const [history, lines] = await Promise.all([
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    linesOf(db, row.id),
  ]);
  return toOrderJson(row, history, lines);
}

export function ordersOf(db: Database, email: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userEmail, email)).orderBy(desc(orders.createdAt));
}

export async function findOrder(db: Database, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * Stores a new unpaid order with its lines, the first line of its history and its mail, in the caller's
 * transaction (withBuyerLock's); answers its id. Every figure is the price function's, frozen here.
 */
export async function insertOrder(tx: Database, order: NewOrder): Promise<string> {
  const { priced } = order;
  const [first] = priced.lines;
  if (!first) throw new Error("an order needs at least one line");
  const [created] = await tx
    .insert(orders)
    .values({
      productId: first.productId,
      productName: first.name,
      unitPriceCents: Number(first.unitCents),
      quantity: priced.pieces,
      lineCount: priced.lines.length,
      subtotalCents: Number(priced.subtotalCents),
      promotionId: priced.promotion?.id ?? null,
      promotionName: priced.promotion?.name ?? null,
      promotionPercent: priced.promotion?.percent ?? null,
      promotionFirstOrder: priced.promotion?.firstOrder ?? false,
      discountCents: Number(priced.discountCents),
      taxRateMilli: priced.taxRateMilli,
      taxCents: Number(priced.taxCents),
      totalCents: Number(priced.totalCents),
      userEmail: order.userEmail,
      userName: order.userName,
      phone: order.phone,
      address: order.address,
      poNumber: order.poNumber ?? null,
      companyId: order.company?.id ?? null,
      companyName: order.company?.name ?? null,
      companyTaxId: order.company?.taxId ?? null,
      taxExempt: order.company?.taxExempt ?? false,
      status: order.status ?? "unpaid",
    })
    .returning();
  if (!created) throw new Error("the order was not stored");
  await tx.insert(orderLines).values(
    priced.lines.map((line, position) => ({
      orderId: created.id,
      position,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      listUnitCents: Number(line.listUnitCents),
      unitCents: Number(line.unitCents),
      priceSource: line.priceSource,
      discountCents: Number(line.discountCents),
      totalCents: Number(line.totalCents),
    })),
  );
  await recordStatus(tx, created, order.userEmail, "Placed");
  return created.id;
}

/** What a paid order takes from stock (and a refund puts back): each line's tool and pieces. */
export interface StockLine {
  productId: string;
  quantity: number;
}

/**
 * Marks the order paid with its transaction id and the next invoice number, only if it was unpaid, and
 * adds that to its history (in the caller's transaction, which also takes the stock); answers what was
 * paid for, or undefined when the order is no longer unpaid.
 */
export async function markPaid(tx: Database, orderId: string, transactionId: string): Promise<StockLine[] | undefined> {
  const payable = ORDER_TRANSITIONS.pay.from;
  const [unpaid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...payable])))
    .for("update");
  if (!unpaid) return undefined;
  const [order] = await tx
    .update(orders)
    .set({
      status: ORDER_TRANSITIONS.pay.to,
      paid: true,
      transactionId,
      paidAt: sql`now()`,
      invoiceNumber: await nextInvoiceNumber(tx),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...payable])))
    .returning();
  if (!order) return undefined;
  await recordStatus(tx, order, order.userEmail, `Payment ${transactionId}`);
  return stockLinesOf(tx, orderId);
}

/** Each line's tool and pieces, for taking or returning stock. */
export async function stockLinesOf(db: Database, orderId: string): Promise<StockLine[]> {
  return (await linesOf(db, orderId)).map(({ productId, quantity }) => ({ productId, quantity }));
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
  /** The step of the one state machine (contract ORDER_TRANSITIONS): it says from where and to what. */
  transition: OrderTransition;
  /** The email of who acts. */
  by: string;
  /** Why, for the history; a function when it depends on where the order stood. */
  note?: string | ((before: OrderRow) => string);
  /** Whether the caller may act on this order (ordering/policy.ts); one it may not is as good as missing. */
  allowed?: (order: OrderRow) => boolean;
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
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!before || (change.allowed && !change.allowed(before))) return { kind: "missing" };
  if (!canTransition(change.transition, before.status)) return { kind: "refused", status: before.status };
  const to = ORDER_TRANSITIONS[change.transition].to;
  const [after] = await tx
    .update(orders)
    .set({ ...change.fields, status: to, paid: MONEY_HELD_STATUSES.includes(to) })
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
  const { from, to } = ORDER_TRANSITIONS.withdraw;
  const holdsTool = tx
    .select({ one: sql`1` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, productId)));
  const cancelled = await tx
    .update(orders)
    .set({ status: to, paid: false })
    .where(and(exists(holdsTool), inArray(orders.status, [...from])))
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
    sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and (${orderLines.name} ilike ${`%${text}%`} or ${orderLines.sku} ilike ${`%${text}%`}))`,
    ilike(orders.poNumber, `%${text}%`),
  );
}

/**
 * Every order the filter finds, newest first, a batch at a time (for the CSV export): each batch starts
 * after the last row of the one before, so orders placed meanwhile neither repeat nor push rows out.
 */
export async function* allOrders(
  db: Database,
  filter: OrderFilter,
  batch = 500,
): AsyncGenerator<{ order: OrderRow; lines: OrderLineRow[] }> {
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
    const lines = await linesByOrder(
      db,
      rows.map((row) => row.id),
    );
    for (const order of rows) yield { order, lines: lines.get(order.id) ?? [] };
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
  const counts: OrderCounts = {
    all: 0,
    "awaiting-approval": 0,
    unpaid: 0,
    paid: 0,
    shipped: 0,
    delivered: 0,
    cancelled: 0,
    refunded: 0,
  };
  for (const row of rows) {
    counts[row.status] = row.value;
    counts.all += row.value;
  }
  return counts;
}

/** Orders placed, paid (ever) and refunded since the shop began (for /metrics). */
export async function orderTotals(db: Database): Promise<{ placed: number; paid: number; refunded: number }> {
  const [row] = await db
    .select({
      placed: sql<number>`count(*)::int`,
      paid: sql<number>`count(${orders.paidAt})::int`,
      refunded: sql<number>`count(*) filter (where ${eq(orders.status, ORDER_TRANSITIONS.refund.to)})::int`,
    })
    .from(orders);
  return { placed: Number(row?.placed ?? 0), paid: Number(row?.paid ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/** A company's orders, newest first: the history its members share (docs/SELLING-TO-BUSINESSES.md, 'Companies'). */
export function ordersOfCompany(db: Database, companyId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * What each member's orders for the company take this calendar month (UTC), in cents (docs/SELLING-TO-BUSINESSES.md,
 * 'Companies'): orders neither cancelled nor refunded, and not still awaiting approval (an owner decides on those; once
 * approved they count). A member without such an order is absent.
 */
export async function companySpendThisMonth(
  db: Database,
  companyId: string,
  now = new Date(),
): Promise<Map<string, number>> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const rows = await db
    .select({ email: orders.userEmail, cents: sql<string>`sum(${orders.totalCents})` })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        sql`${orders.createdAt} >= ${monthStart}::timestamptz`,
        inArray(orders.status, [...SPENDING_ORDER_STATUSES]),
      ),
    )
    .groupBy(orders.userEmail);
  return new Map(rows.map((row) => [row.email, Number(row.cents)]));
}

/** A range of UTC days as the instants it spans: from the first day's midnight to the midnight after the last. */
export interface DayRange {
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
}
const startOf = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const endOf = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;
/** The UTC day of an instant, as a date to group by (far cheaper per row than formatting each one). */
const utcDate = (column: SQL | typeof orders.paidAt | typeof orders.createdAt) =>
  sql`(${column} at time zone 'UTC')::date`;
/** The money an order brought stays counted while the shop holds it or held it (refunds are taken off by their day). */
const everPaid = isNotNull(orders.paidAt);

/**
 * What orders paid in the range brought, in cents, per UTC day they were paid (their frozen totals); a day
 * without a payment is absent. Refunds are not taken off here: payment's refundedByDay counts them on their day.
 */
export async function paidCentsByDay(db: Database, range: DayRange): Promise<Map<string, number>> {
  const date = utcDate(orders.paidAt);
  const rows = await db
    .select({ day: sql<string>`to_char(${date}, 'YYYY-MM-DD')`, cents: sql<string>`sum(${orders.totalCents})` })
    .from(orders)
    .where(and(everPaid, sql`${orders.paidAt} >= ${startOf(range.from)}`, sql`${orders.paidAt} < ${endOf(range.to)}`))
    .groupBy(date);
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}

/** How many orders wait for the shop now: paid and not shipped, and company orders waiting for an owner. */
export async function ordersWaiting(db: Database): Promise<{ toShip: number; toApprove: number }> {
  const [toShip, toApprove] = [ORDER_TRANSITIONS.ship.from, ORDER_TRANSITIONS.approve.from];
  const [row] = await db
    .select({
      toShip: sql<number>`count(*) filter (where ${inArray(orders.status, [...toShip])})::int`,
      toApprove: sql<number>`count(*) filter (where ${inArray(orders.status, [...toApprove])})::int`,
    })
    .from(orders)
    .where(inArray(orders.status, [...toShip, ...toApprove]));
  return { toShip: Number(row?.toShip ?? 0), toApprove: Number(row?.toApprove ?? 0) };
}

/** The orders placed in the range, per UTC day placed and status now (a pair without an order is absent). */
export async function orderStatusesPlacedByDay(db: Database, range: DayRange) {
  const day = utcDate(orders.createdAt);
  return db
    .select({ day: sql<string>`to_char(${day}, 'YYYY-MM-DD')`, status: orders.status, orders: count() })
    .from(orders)
    .where(and(sql`${orders.createdAt} >= ${startOf(range.from)}`, sql`${orders.createdAt} < ${endOf(range.to)}`))
    .groupBy(day, orders.status);
}

/**
 * The tools that brought most: the lines of orders paid in the range that the shop still holds the money
 * of (paid, shipped, delivered), summed per tool after each line's share of the promotion (tax left out),
 * most first; the name and SKU of the newest day. Read from `sales_by_day` (kept by `recordStatus`): a row
 * per tool and day, however many lines.
 */
export async function topToolsByRevenue(db: Database, range: DayRange, limit: number) {
  const pieces = sql<string>`sum(${salesByDay.pieces})`;
  const revenue = sql<string>`sum(${salesByDay.cents})`;
  const top = db
    .select({
      productId: salesByDay.productId,
      pieces: pieces.as("top_pieces"),
      cents: revenue.as("top_cents"),
      newest: sql<string>`max(${salesByDay.day})`.as("top_newest"),
    })
    .from(salesByDay)
    .where(and(sql`${salesByDay.day} >= ${range.from}::date`, sql`${salesByDay.day} <= ${range.to}::date`))
    .groupBy(salesByDay.productId)
    .having(sql`${pieces} > 0`)
    .orderBy(desc(revenue), asc(salesByDay.productId))
    .limit(limit)
    .as("top");
  // The name and SKU read from the newest day's row by its key: collecting every day's into an array per tool
  // to keep the first cost ten times as much on the embedded database
  // (docs/decisions/029-budgets-on-the-embedded-database.md).
  const rows = await db
    .select({
      productId: top.productId,
      sku: salesByDay.sku,
      name: salesByDay.name,
      pieces: top.pieces,
      cents: top.cents,
    })
    .from(top)
    .innerJoin(salesByDay, and(eq(salesByDay.day, top.newest), eq(salesByDay.productId, top.productId)))
    .orderBy(desc(top.cents), asc(top.productId));
  return rows.map((row) => ({ ...row, pieces: Number(row.pieces), cents: Number(row.cents) }));
}
