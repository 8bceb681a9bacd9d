import { z } from "zod";
import { ORDER_STATUSES } from "./order-status.js";

/**
 * The shop owner's overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): GET
 * /api/admin/stats?from=&to=. Not in business-stats.ts: that module holds the home page's marketing figures and is
 * loaded by a public page; this one is zod and belongs to the admin's /dashboard only.
 */

/** The default range: the last 90 days, today (UTC) included. */
export const STATS_DEFAULT_DAYS = 90;
/** The longest range one call may ask for, both ends included. */
export const STATS_MAX_DAYS = 366;
/** How many tools the top list holds. */
export const STATS_TOP_TOOLS = 10;
/** At most this many low-stock tools are listed (`lowStock.count` counts them all). */
export const STATS_LOW_STOCK_LISTED = 50;

const DAY_MS = 86_400_000;

/** A day as YYYY-MM-DD (UTC). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** How many days from `from` to `to`, both included (1 for the same day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** Whether the text is a real day as YYYY-MM-DD (2026-02-30 matches the pattern but is no day). */
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  isoDay(new Date(`${text}T00:00:00Z`)) === text;

/**
 * The years a day parameter may name. PostgreSQL refuses year 0 (JavaScript takes it), and no figure of the
 * shop lies before 1900; 9999 is the last year YYYY-MM-DD can write.
 */
export const DAY_YEARS = { first: 1900, last: 9999 } as const;
const inDayYears = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= DAY_YEARS.first && year <= DAY_YEARS.last;
};
const isDayParameter = (text: string) => isDay(text) && inDayYears(text);

/** Every day a query or body may carry: a real day of the years above, else a 400 naming the field. */
export const dayField = (field: string) =>
  z
    .string({ error: `${field} must be a date as YYYY-MM-DD` })
    .refine(isDay, { error: `${field} must be a date as YYYY-MM-DD`, abort: true })
    .refine(inDayYears, { error: `${field} must be a day of the years ${DAY_YEARS.first} to ${DAY_YEARS.last}` });

/** The range a stats query asks for, its defaults filled in: `to` today (UTC), `from` 90 days up to `to`. */
export function statsRange(query: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
  return { from, to };
}

/** GET /api/admin/stats: `from` and `to` (YYYY-MM-DD, UTC days, both included), at most 366 days apart. */
export const adminStatsQuerySchema = z
  .object({ from: dayField("from").optional(), to: dayField("to").optional() })
  .superRefine((query, context) => {
    // A refused day has its own issue already; the range is checked between days taken only.
    const refused = (day: string | undefined) => day !== undefined && !isDayParameter(day);
    if (refused(query.from) || refused(query.to)) return;
    const { from, to } = statsRange(query);
    if (from > to) context.addIssue({ code: "custom", path: ["from"], message: "from must be on or before to" });
    else if (daysBetween(from, to) > STATS_MAX_DAYS)
      context.addIssue({
        code: "custom",
        path: ["from"],
        message: `The range may span at most ${STATS_MAX_DAYS} days`,
      });
  });

const dollars = z.number();
const howMany = z.number().int();

export const adminStatsSchema = z.object({
  /** The range the series cover, both ends included (UTC days). */
  from: z.string(),
  to: z.string(),
  /** Paid minus refunded and credited, in dollars, by the day each happened (UTC): today, the last 7 and 30 days. */
  revenue: z.object({ today: dollars, last7Days: dollars, last30Days: dollars }),
  /** Revenue over the whole range, in dollars: the days of `revenueByDay` added in cents, on the server. */
  revenueInRange: dollars,
  /** Orders paid and not shipped yet. */
  ordersToShip: howMany,
  /** Company orders waiting for an owner's approval. */
  approvalsPending: howMany,
  /** Requests for quote waiting for a price. */
  quotesToPrice: howMany,
  /**
   * Money on account (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'), in dollars, now: what every open
   * invoice still owes, how much of that is past its due date, and how much falls due in the next 7 days.
   */
  owedToYou: dollars,
  overdue: dollars,
  dueNext7Days: dollars,
  /** Tools in the catalogue whose stock is below their threshold (default twice their rule's minimum), lowest first. */
  lowStock: z.object({
    count: howMany,
    tools: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        sku: z.string(),
        quantity: howMany,
        threshold: howMany,
        /** What is available in each warehouse that keeps the tool (docs/STOCK.md, 'Shipments'), in list order. */
        byWarehouse: z.array(z.object({ code: z.string(), available: howMany })),
      }),
    ),
  }),
  /** Revenue per day over the range, every day present (0 when nothing happened). */
  revenueByDay: z.array(z.object({ date: z.string(), revenue: dollars })),
  /** Orders placed in the range, by their status now; every status present. */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: howMany })),
  /** The 10 tools that brought most (lines of orders paid in the range and still paid, shipped or delivered). */
  topTools: z.array(
    z.object({ productId: z.string(), sku: z.string(), name: z.string(), pieces: howMany, revenue: dollars }),
  ),
});

export type AdminStatsQuery = z.infer<typeof adminStatsQuerySchema>;
export type AdminStats = z.infer<typeof adminStatsSchema>;
export type LowStockTool = AdminStats["lowStock"]["tools"][number];
