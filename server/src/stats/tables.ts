import { ORDER_STATUSES } from "@forgeline/contract";
import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * The days the low-stock mail went out (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): one row per UTC
 * day, taken by the instance whose insert wins, in the transaction that puts that day's mails in the outbox; the others
 * see the row and send nothing.
 */
export const lowStockMailDays = pgTable("low_stock_mail_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});

/**
 * The overview's figures of a past UTC day, counted once (docs/decisions/029-budgets-on-the-embedded-database.md):
 * a row here says the day is kept, with what orders paid that day brought, what was refunded that day and what
 * credit notes took off that day. Triggers on `orders` and `payment_refunds` (migration 0020) and on
 * `credit_notes` (migration 0034) keep a kept day right whatever writes them later; today is never kept, so the
 * shop's own orders and payments touch no row here.
 */
export const statsDays = pgTable("stats_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  paidCents: bigint("paid_cents", { mode: "number" }).notNull(),
  refundedCents: bigint("refunded_cents", { mode: "number" }).notNull(),
  /** Credit notes on paid orders, each on the later of its own day and its order's payment (ordering/queries/reports.ts). */
  creditedCents: bigint("credited_cents", { mode: "number" }).notNull().default(0),
});

/** How many orders placed on a kept day (statsDays) stand in each status now; kept by the same triggers. */
export const statsDayStatuses = pgTable(
  "stats_day_statuses",
  {
    day: date("day", { mode: "string" }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    orders: integer("orders").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.status] })],
);
