import { LEDGER_KINDS, REMINDER_STEPS } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "../company/tables.js";
import { cents, createdAt, isOneOf } from "../db/columns.js";
import { accountInvoices } from "../ordering/money-tables.js";
import { orders } from "../ordering/tables.js";

/**
 * Money received from a company by bank transfer, as an admin recorded it. Its reference is the company's
 * once: recording it twice is refused, never two payments.
 */
export const paymentsReceived = pgTable(
  "payments_received",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    amountCents: cents("amount_cents").notNull(),
    receivedAt: date("received_at", { mode: "string" }).notNull(),
    reference: text("reference").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("payments_received_reference").on(table.companyId, table.reference),
    check("payments_received_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The ledger (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): every movement of a company's money on
 * account, only ever added to. An entry moves an order's balance (`owedCents`: + an invoice, − what pays or
 * credits it) and the company's unallocated credit (`creditCents`: + money received, − money put against an
 * invoice). Each balance is the sum of its entries; the checks keep each kind's signs.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    orderId: uuid("order_id").references(() => orders.id),
    /**
     * The invoice an entry of an order moves (decision 077): the invoice itself, money put against it, a credit note
     * of it. Null for money received, which is the company's until allocated.
     */
    invoiceNumber: text("invoice_number").references(() => accountInvoices.number),
    paymentId: uuid("payment_id").references(() => paymentsReceived.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    owedCents: cents("owed_cents").notNull().default(0),
    creditCents: cents("credit_cents").notNull().default(0),
    /** What a person reads beside it: the invoice's number, the transfer's reference, the card payment's id. */
    reference: text("reference").notNull(),
    /** When the money moved: the invoice date, the day the transfer arrived. */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    // A company's entries by date, with what the statement sums of each (receivables/queries/ledger.ts): its
    // balance before a month and what each of its invoices owes are read from this index alone.
    index("ledger_entries_by_company_cover").on(
      table.companyId,
      table.at,
      table.orderId,
      table.kind,
      table.owedCents,
      table.creditCents,
    ),
    index("ledger_entries_by_order").on(table.orderId),
    index("ledger_entries_by_invoice").on(table.invoiceNumber),
    // A card payment is the provider's payment id once per invoice it pays (one payment may pay an order's invoices
    // of several shipments, decision 077): the same payment settled twice never credits twice.
    uniqueIndex("ledger_entries_card_payment_once")
      .on(table.reference, table.invoiceNumber)
      .where(sql`${table.kind} = 'card-payment'`),
    check("ledger_entries_kind", isOneOf(table.kind, LEDGER_KINDS)),
    check(
      "ledger_entries_signs",
      sql`case ${table.kind}
        when 'invoice' then ${table.owedCents} > 0 and ${table.creditCents} = 0 and ${table.orderId} is not null
        when 'payment' then ${table.owedCents} = 0 and ${table.creditCents} > 0 and ${table.paymentId} is not null
        when 'allocation' then ${table.owedCents} < 0 and ${table.creditCents} = ${table.owedCents} and ${table.orderId} is not null
        when 'card-payment' then ${table.owedCents} < 0 and ${table.creditCents} = 0 and ${table.orderId} is not null
        else ${table.owedCents} <= 0 and ${table.creditCents} >= 0 and ${table.creditCents} - ${table.owedCents} > 0 and ${table.orderId} is not null
      end`,
    ),
  ],
);

/**
 * What each company owed at the end of each UTC month its ledger moved in (docs/decisions/059): the sum of its
 * entries' `owedCents - creditCents` up to that month's end, so a statement's opening balance is one row (the
 * latest month before it), not a recount of the years before. Kept by triggers on `ledger_entries` in the
 * transaction that writes an entry (migration 0036): an entry adds its change to its month and to every later month
 * kept, so one dated back (a transfer received last month, recorded today) moves the months after it too. A month
 * whose entries changed nothing (allocations only) has no row: it closes as the month before it.
 */
export const ledgerMonthBalances = pgTable(
  "ledger_month_balances",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    /** The first day of the UTC month. */
    month: date("month", { mode: "string" }).notNull(),
    owedCents: cents("owed_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.month] }),
    check("ledger_month_balances_first_day", sql`extract(day from ${table.month}) = 1`),
  ],
);

/**
 * Each company's money received and not yet put against an invoice, kept in the transaction that writes the
 * ledger entry moving it (by adding the entry's `creditCents`): a sum of the ledger, read in one row.
 */
export const companyCredits = pgTable(
  "company_credits",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id),
    creditCents: cents("credit_cents").notNull().default(0),
  },
  (table) => [check("company_credits_not_negative", sql`${table.creditCents} >= 0`)],
);

/**
 * The payment reminders sent for each invoice, a row per invoice and step (receivables/reminders.ts): the instance
 * whose insert makes the row sends the mails, in the same transaction, so each goes once across every instance. An
 * order invoiced a shipment at a time has its reminders per invoice (decision 077).
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceNumber: text("invoice_number")
      .notNull()
      .references(() => accountInvoices.number),
    step: text("step", { enum: REMINDER_STEPS }).notNull(),
    /** False for a step passed while an instance was down: a later one went instead. */
    sent: boolean("sent").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceNumber, table.step] }),
    check("invoice_reminders_step", isOneOf(table.step, REMINDER_STEPS)),
  ],
);
