import { PAYMENT_METHODS, PAYMENT_TRANSITIONS, SPENDING_ORDER_STATUSES, statusesFrom } from "@forgeline/contract";
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { creditNotes, salesByDay } from "../money-tables.js";
import { orders } from "../tables.js";
import { waitingToShip } from "./order-list.js";
import { utcDate } from "./sales.js";

/** What the orders add up to: the metrics, a company's spend, the overview (the admins' list is order-list.ts). */

/** Orders placed, paid (ever) and refunded since the shop began (for /metrics). */
export async function orderTotals(db: Database): Promise<{ placed: number; paid: number; refunded: number }> {
  const [row] = await db
    .select({
      placed: sql<number>`count(*)::int`,
      paid: sql<number>`count(${orders.paidAt})::int`,
      refunded: sql<number>`count(*) filter (where ${eq(orders.paymentStatus, PAYMENT_TRANSITIONS.refund.to)})::int`,
    })
    .from(orders);
  return { placed: Number(row?.placed ?? 0), paid: Number(row?.paid ?? 0), refunded: Number(row?.refunded ?? 0) };
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

/**
 * What credit notes took off the revenue in the range, in cents, per UTC day; a day without one is absent. Only
 * credit notes of paid orders count (an order not paid was never counted), each on the later of its own day and
 * its order's payment, so a day the overview has already counted never changes. Migration 0034 keeps the days
 * kept (stats_days) by the same rule.
 */
export async function creditedCentsByDay(db: Database, range: DayRange): Promise<Map<string, number>> {
  const counted = sql`greatest(${creditNotes.issuedAt}, ${orders.paidAt})`;
  const date = utcDate(counted);
  const rows = await db
    .select({ day: sql<string>`to_char(${date}, 'YYYY-MM-DD')`, cents: sql<string>`sum(${creditNotes.amountCents})` })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(and(everPaid, sql`${counted} >= ${startOf(range.from)}`, sql`${counted} < ${endOf(range.to)}`))
    .groupBy(date);
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}

/** How many orders wait for the shop now (ordersWaiting), as a query not yet run. */
export function ordersWaitingQuery(db: Database) {
  const toApprove = statusesFrom(["approve"], PAYMENT_METHODS);
  return db
    .select({
      toShip: sql<number>`count(*) filter (where ${waitingToShip})::int`,
      toApprove: sql<number>`count(*) filter (where ${inArray(orders.status, toApprove)})::int`,
    })
    .from(orders)
    .where(inArray(orders.status, [...statusesFrom(["ship"], PAYMENT_METHODS), ...toApprove]));
}

/** How many orders wait for the shop now: to ship (the list's `to-ship`), and company orders waiting for an owner. */
export async function ordersWaiting(db: Database): Promise<{ toShip: number; toApprove: number }> {
  const [row] = await ordersWaitingQuery(db);
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
