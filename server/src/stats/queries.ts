import { addDays, daysBetween, type OrderStatus } from "@forgeline/contract";
import { and, count, gte, lte, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client.js";
import {
  creditedCentsByDay,
  type DayRange,
  orderStatusesPlacedByDay,
  paidCentsByDay,
} from "../ordering/queries/reports.js";
import { refundedCentsByDay } from "../payment/queries.js";
import { lowStockMailDays, statsDayStatuses, statsDays } from "./tables.js";

/**
 * Takes the low-stock mail of this UTC day (YYYY-MM-DD) for the caller: answers true to the one caller whose
 * insert made the day's row, false to every other (on this instance or another). Called in the transaction
 * that puts the mails in the outbox, so a rolled-back send leaves the day free.
 */
export async function claimLowStockMailDay(db: Database, day: string): Promise<boolean> {
  const claimed = await db
    .insert(lowStockMailDays)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: lowStockMailDays.day });
  return claimed.length > 0;
}

/** Held alone while new days are counted; every write to orders or refunds shares it (migration 0020). */
const KEPT_DAYS_LOCK = sql`hashtext('stats-days')`;

const within = (column: typeof statsDays.day | typeof statsDayStatuses.day, range: DayRange) =>
  and(gte(column, range.from), lte(column, range.to));

/**
 * Counts the days of `range` not kept yet, once: what orders paid each day brought, what was refunded and
 * credited that day, and the orders placed that day by status. Only for days before today: from then on the triggers keep
 * them (docs/decisions/029-budgets-on-the-embedded-database.md). The first overview of a shop counts its
 * range (as every overview did before); later ones count only the day that has just ended.
 */
export async function keepDays(db: Database, range: DayRange): Promise<void> {
  const days = daysBetween(range.from, range.to);
  if (days <= 0) return;
  const [kept] = await db.select({ days: count() }).from(statsDays).where(within(statsDays.day, range));
  if (kept?.days === days) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEPT_DAYS_LOCK})`);
    // Another overview may have counted them while this one waited for the lock.
    const have = await tx.select({ day: statsDays.day }).from(statsDays).where(within(statsDays.day, range));
    const known = new Set(have.map((row) => row.day));
    const missing = Array.from({ length: days }, (_, index) => addDays(range.from, index)).filter(
      (day) => !known.has(day),
    );
    const [first] = missing;
    const last = missing.at(-1);
    if (!first || !last) return;
    const span = { from: first, to: last };
    const paid = await paidCentsByDay(tx, span);
    const refunded = await refundedCentsByDay(tx, span);
    const credited = await creditedCentsByDay(tx, span);
    const statuses = await orderStatusesPlacedByDay(tx, span);
    await tx.insert(statsDays).values(
      missing.map((day) => ({
        day,
        paidCents: paid.get(day) ?? 0,
        refundedCents: refunded.get(day) ?? 0,
        creditedCents: credited.get(day) ?? 0,
      })),
    );
    const counted = new Set(missing);
    const rows = statuses.filter((row) => counted.has(row.day));
    if (rows.length > 0) await tx.insert(statsDayStatuses).values(rows);
  });
}

/** Revenue in cents per kept day of the range (paid minus refunded and credited); call keepDays first. */
export async function keptRevenueByDay(db: Database, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .select({
      day: statsDays.day,
      paid: statsDays.paidCents,
      refunded: statsDays.refundedCents,
      credited: statsDays.creditedCents,
    })
    .from(statsDays)
    .where(within(statsDays.day, range));
  return new Map(rows.map((row) => [row.day, Number(row.paid) - Number(row.refunded) - Number(row.credited)]));
}

/** The orders placed on the kept days of the range, by status now; call keepDays first. */
export async function keptStatuses(db: Database, range: DayRange): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .select({ status: statsDayStatuses.status, orders: sum(statsDayStatuses.orders) })
    .from(statsDayStatuses)
    .where(within(statsDayStatuses.day, range))
    .groupBy(statsDayStatuses.status);
  return new Map(rows.map((row) => [row.status, Number(row.orders)]));
}
