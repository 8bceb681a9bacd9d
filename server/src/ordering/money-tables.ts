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
 * The invoices of orders on account (docs/BUYING-ON-ACCOUNT.md, 'Invoices on account'; decision 077): one per
 * shipping (a shipment, or Ship's parcels together), numbered from invoice_counters with the card orders' invoices,
 * dated the day it left and due the order's net days later, for what it carried. Beside the ledger, each keeps what
 * was paid and credited of it by adding each movement in the transaction that writes its entry (as an order's
 * `amount_paid_cents` and `credited_cents` are kept), so the receivables age what each invoice owes by its own due
 * date. An order invoiced whole (every order on account before 077) has one, for its total.
 */
export const accountInvoices = pgTable(
  "account_invoices",
  {
    number: text("number").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    companyId: uuid("company_id").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    totalCents: cents("total_cents").notNull(),
    paidCents: cents("paid_cents").notNull().default(0),
    creditedCents: cents("credited_cents").notNull().default(0),
  },
  (table) => [
    index("account_invoices_by_order").on(table.orderId, table.issuedAt),
    // What the receivables, the statements, the reminders and the credit hold read: the invoices still owing, by
    // company and due date, with the figures their sums need, from this index alone.
    index("account_invoices_owing")
      .on(table.companyId, table.dueAt, table.totalCents, table.paidCents, table.creditedCents)
      .where(sql`${table.paidCents} + ${table.creditedCents} < ${table.totalCents}`),
    check(
      "account_invoices_figures",
      sql`${table.totalCents} > 0 and ${table.paidCents} >= 0 and ${table.creditedCents} >= 0 and ${table.paidCents} + ${table.creditedCents} <= ${table.totalCents}`,
    ),
  ],
);

/** Invoices on account that still owe something: the condition of `account_invoices_owing`. */
export const invoiceOwing = sql`${accountInvoices.paidCents} + ${accountInvoices.creditedCents} < ${accountInvoices.totalCents}`;

/** What an invoice on account still owes, in SQL (contract `invoiceOwedCents`). */
export const invoiceOwedSql = sql<number>`${accountInvoices.totalCents} - ${accountInvoices.creditedCents} - ${accountInvoices.paidCents}`;

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
    /** The invoice it credits (decision 077). */
    invoiceNumber: text("invoice_number")
      .notNull()
      .references(() => accountInvoices.number),
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
