import { RUN_STATUSES, SCHEDULE_STATUSES } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf } from "../db/columns.js";
import type { StoredListLine } from "../lists/tables.js";
import { orders } from "../ordering/tables.js";

/**
 * Recurring orders (docs/RECURRING.md): what to order (a saved list, read on each run's day, or a past order's
 * lines copied when the schedule was made), how often, and where it goes. `nextRunOn` is the day of the next
 * run in the shop's time zone; the scheduler makes a run row for it once due and moves it on (decision 070).
 */
export const recurringSchedules = pgTable(
  "recurring_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userEmail: text("user_email").notNull(),
    /** The maker's company when it was made: its owners see it. */
    companyId: uuid("company_id"),
    name: text("name").notNull(),
    listId: uuid("list_id"),
    sourceOrderId: uuid("source_order_id"),
    /** A past order's lines, copied; null for a list's schedule, which reads the list on each run's day. */
    lines: jsonb("lines").$type<StoredListLine[]>(),
    everyWeeks: integer("every_weeks"),
    everyMonths: integer("every_months"),
    dayOfMonth: integer("day_of_month"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    nextRunOn: date("next_run_on", { mode: "string" }),
    status: text("status", { enum: SCHEDULE_STATUSES }).notNull().default("active"),
    paymentMethod: text("payment_method", { enum: ["card", "invoice"] })
      .notNull()
      .default("card"),
    phone: text("phone").notNull(),
    address: text("address"),
    addressId: uuid("address_id"),
    poNumber: text("po_number"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("recurring_schedules_by_owner").on(table.userEmail),
    index("recurring_schedules_by_company").on(table.companyId),
    index("recurring_schedules_due").on(table.nextRunOn).where(sql`${table.status} = 'active'`),
    check("recurring_schedules_status", isOneOf(table.status, SCHEDULE_STATUSES)),
  ],
);

/**
 * One run of a schedule, keyed by the schedule and its day: the unique key is what makes a run happen once
 * whichever instance's scheduler sees it first. A run is claimed under a lease, as the mail outbox's mails are
 * (mail/queries.ts `claimNextMail`), and leaves `due` only in the transaction that places its order or records
 * why it could not, with its mail.
 */
export const recurringRuns = pgTable(
  "recurring_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => recurringSchedules.id),
    runOn: date("run_on", { mode: "string" }).notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("due"),
    orderId: uuid("order_id").references(() => orders.id),
    reason: text("reason"),
    attempts: integer("attempts").notNull().default(0),
    leaseToken: uuid("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    unique("recurring_runs_once").on(table.scheduleId, table.runOn),
    index("recurring_runs_due").on(table.runOn).where(sql`${table.status} = 'due'`),
    index("recurring_runs_by_order").on(table.orderId),
    check("recurring_runs_status", isOneOf(table.status, RUN_STATUSES)),
  ],
);

export type ScheduleRow = typeof recurringSchedules.$inferSelect;
export type RunRow = typeof recurringRuns.$inferSelect;
