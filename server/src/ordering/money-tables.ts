import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { cents } from "../db/columns.js";
import { orders } from "./tables.js";

/*
 * The records the money of orders leaves beside them: the gapless counters of invoice and credit-note numbers, the
 * credit notes themselves, and what each tool sold per day. The orders, their lines and their history are in
 * tables.ts.
 */

/**
 * The last invoice number given in each year. Taking the next one locks the year's row until the
 * payment's transaction ends, so numbers follow each other without a gap: a payment that is rolled back
 * gives its number back with everything else.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * The credit notes of orders on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), only ever added to. Each
 * splits into what it took off the order's balance and what it gave back as the company's credit (money paid
 * already): the two add up to its amount, as its ledger entry says.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    /** CN-000001: from credit_note_counter, in the transaction that issues it. */
    number: text("number").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: cents("amount_cents").notNull(),
    offBalanceCents: cents("off_balance_cents").notNull(),
    toCreditCents: cents("to_credit_cents").notNull(),
    /** Why it was issued, one line (contract CREDIT_NOTE_REASON_MAX); "Not recorded" for those issued before. */
    reason: text("reason").notNull(),
    /** The admin who issued it. */
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_notes_by_order").on(table.orderId, table.issuedAt),
    check(
      "credit_notes_split",
      sql`${table.amountCents} > 0 and ${table.offBalanceCents} >= 0 and ${table.toCreditCents} >= 0 and ${table.offBalanceCents} + ${table.toCreditCents} = ${table.amountCents}`,
    ),
  ],
);

/**
 * The last credit note number given: one row. Taking the next locks it until the issuing transaction ends, so
 * the numbers follow each other without a gap, as the invoices' do.
 */
export const creditNoteCounter = pgTable(
  "credit_note_counter",
  {
    id: boolean("id").primaryKey().default(true),
    last: integer("last").notNull(),
  },
  (table) => [check("credit_note_counter_one_row", sql`${table.id}`)],
);

/**
 * What each tool sold per UTC day it was paid (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): the lines
 * of orders the shop holds the money of, after each line's share of the promotion. Kept in the transaction that records
 * an order paid (added) or refunded (taken off), so the overview's top tools sum days, not every order line.
 */
export const salesByDay = pgTable(
  "sales_by_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    productId: uuid("product_id").notNull(),
    /** The SKU and name the newest line of the day froze. */
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    pieces: bigint("pieces", { mode: "number" }).notNull(),
    cents: cents("cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] })],
);
