import { MONEY_HELD_PAYMENTS } from "@forgeline/contract";
import { and, eq, inArray, isNotNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { salesByDay } from "../money-tables.js";
import { orderLines, orders } from "../tables.js";
import type { OrderRow } from "./orders.js";

/**
 * What every tool sold per UTC day, kept in `sales_by_day` as orders are paid and refunded (lifecycle.ts
 * `recordStatus`), so the overview's top tools read a row per tool and day (reports.ts `topToolsByRevenue`).
 */

/** The UTC day of an instant, as a date to group by (far cheaper per row than formatting each one). */
export const utcDate = (column: SQL | typeof orders.paidAt | typeof orders.createdAt) =>
  sql`(${column} at time zone 'UTC')::date`;

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
    await tx.insert(salesByDay).select(salesOf(tx, inArray(orders.paymentStatus, [...MONEY_HELD_PAYMENTS]), 1));
  });
}

/** Adds an order's lines to (1) or takes them off (-1) what its tools sold on the UTC day it was paid. */
export async function countSales(tx: Database, order: OrderRow, sign: 1 | -1) {
  await salesCounted(tx, order.id, sign);
}

/** `countSales` as an insert, for a statement of the change that counts them (invoice-numbers.ts). */
export function salesCounted(tx: Database, orderId: string | Placeholder, sign: 1 | -1) {
  return tx
    .insert(salesByDay)
    .select(salesOf(tx, eq(orders.id, orderId), sign))
    .onConflictDoUpdate({
      target: [salesByDay.day, salesByDay.productId],
      set: {
        pieces: sql`${salesByDay.pieces} + excluded.pieces`,
        cents: sql`${salesByDay.cents} + excluded.cents`,
        ...(sign > 0 ? { sku: sql`excluded.sku`, name: sql`excluded.name` } : {}),
      },
    });
}
