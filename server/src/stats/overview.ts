import {
  type AdminStats,
  addDays,
  centsToDollars,
  daysBetween,
  isoDay,
  ORDER_STATUSES,
  type OrderStatus,
  STATS_LOW_STOCK_LISTED,
  STATS_TOP_TOOLS,
} from "@forgeline/contract";
import type { Database } from "../db/client.js";
import {
  creditedCentsByDay,
  type DayRange,
  orderStatusesPlacedByDay,
  ordersWaiting,
  paidCentsByDay,
  topToolsByRevenue,
} from "../ordering/queries/reports.js";
import { refundedCentsByDay } from "../payment/queries.js";
import { lowStockTools } from "../product/queries/products.js";
import { quotesToPrice } from "../quote/queries.js";
import { owingInAll } from "../receivables/queries/owing.js";
import { keepDays, keptRevenueByDay, keptStatuses } from "./queries.js";

/**
 * A range cut at today: the days before, whose figures are kept (keepDays in queries.ts), and today with any day after,
 * counted from the orders at each call. Either part may be empty (its `from` after its `to`).
 */
function cut(range: DayRange, today: string): { past: DayRange; live: DayRange } {
  const yesterday = addDays(today, -1);
  return {
    past: { from: range.from, to: range.to < yesterday ? range.to : yesterday },
    live: { from: range.from > today ? range.from : today, to: range.to },
  };
}
const isEmpty = (range: DayRange) => range.from > range.to;

/**
 * Revenue in cents per UTC day of the range: paid minus refunded and credited, each on the day it happened (a
 * credit note on an order paid later counts on the day of the payment: creditedCentsByDay).
 */
async function revenueCentsByDay(db: Database, range: DayRange, today: string): Promise<Map<string, number>> {
  const { past, live } = cut(range, today);
  const none = new Map<string, number>();
  const [kept, paid, refunded, credited] = await Promise.all([
    isEmpty(past) ? none : keptRevenueByDay(db, past),
    isEmpty(live) ? none : paidCentsByDay(db, live),
    isEmpty(live) ? none : refundedCentsByDay(db, live),
    isEmpty(live) ? none : creditedCentsByDay(db, live),
  ]);
  const net = new Map([...kept, ...paid]);
  for (const [day, cents] of [...refunded, ...credited]) net.set(day, (net.get(day) ?? 0) - cents);
  return net;
}

/** The orders placed in the range by their status now (a status without one is absent). */
async function orderStatuses(db: Database, range: DayRange, today: string): Promise<Map<OrderStatus, number>> {
  const { past, live } = cut(range, today);
  const [kept, counted] = await Promise.all([
    isEmpty(past) ? new Map<OrderStatus, number>() : keptStatuses(db, past),
    isEmpty(live) ? [] : orderStatusesPlacedByDay(db, live),
  ]);
  for (const row of counted) kept.set(row.status, (kept.get(row.status) ?? 0) + row.orders);
  return kept;
}

/** The longest of the recent figures: revenue over the last 30 days, today included. */
const STATS_RECENT_DAYS = 30;

/** Every day of the range in order, each with its figure (0 for a day absent from `byDay`). */
function everyDay(range: DayRange, byDay: Map<string, number>) {
  return Array.from({ length: daysBetween(range.from, range.to) }, (_, index) => {
    const date = addDays(range.from, index);
    return { date, revenue: centsToDollars(byDay.get(date) ?? 0) };
  });
}

/** What the days of the range brought: added in cents, turned into dollars once. */
function dollarsOver(byDay: Map<string, number>, range: DayRange): number {
  let cents = 0;
  for (const [day, dayCents] of byDay) if (day >= range.from && day <= range.to) cents += dayCents;
  return centsToDollars(cents);
}

/**
 * The shop owner's overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'), every figure aggregated by
 * the database: a handful of grouped queries, none of which grows with the orders on the JavaScript side (the series
 * are one row per day). The days before today are read from their kept figures, so a call reads today's orders, not the
 * range's.
 */
export async function adminStats(db: Database, range: DayRange, now = new Date()): Promise<AdminStats> {
  const today = isoDay(now);
  const lastMonth = { from: addDays(today, -(STATS_RECENT_DAYS - 1)), to: today };
  // The last 30 days usually lie inside the range (the default ends today): then one pass over both.
  const span = {
    from: lastMonth.from < range.from ? lastMonth.from : range.from,
    to: today > range.to ? today : range.to,
  };
  const together = daysBetween(span.from, span.to) <= daysBetween(range.from, range.to) + STATS_RECENT_DAYS;
  // One after the other: both take the same lock when they count.
  for (const days of together ? [span] : [range, lastMonth]) await keepDays(db, cut(days, today).past);
  const [recent, series, waiting, quotes, lowStock, statuses, top, owing] = await Promise.all([
    revenueCentsByDay(db, together ? span : lastMonth, today),
    together ? null : revenueCentsByDay(db, range, today),
    ordersWaiting(db),
    quotesToPrice(db),
    lowStockTools(db, STATS_LOW_STOCK_LISTED),
    orderStatuses(db, range, today),
    topToolsByRevenue(db, range, STATS_TOP_TOOLS),
    owingInAll(db, now),
  ]);
  const since = (from: string) => dollarsOver(recent, { from, to: today });
  return {
    from: range.from,
    to: range.to,
    revenue: { today: since(today), last7Days: since(addDays(today, -6)), last30Days: since(lastMonth.from) },
    revenueInRange: dollarsOver(series ?? recent, range),
    ordersToShip: waiting.toShip,
    approvalsPending: waiting.toApprove,
    quotesToPrice: quotes,
    owedToYou: centsToDollars(owing.owedCents),
    overdue: centsToDollars(owing.overdueCents),
    dueNext7Days: centsToDollars(owing.dueNext7DaysCents),
    lowStock,
    revenueByDay: everyDay(range, series ?? recent),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    topTools: top.map(({ cents, ...tool }) => ({ ...tool, revenue: centsToDollars(cents) })),
  };
}
