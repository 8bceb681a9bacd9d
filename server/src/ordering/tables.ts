import { ORDER_STATUSES } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * An order keeps a copy of the product's name and unit price, so it still reads right after the
 * product is edited or deleted; productId is therefore a reference, not a foreign key.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
    userEmail: text("user_email").notNull(),
    userName: text("user_name").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("unpaid"),
    /** True while the shop holds the money; the check below keeps it in step with the status. */
    paid: boolean("paid").notNull().default(false),
    transactionId: text("transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    /** Given in the transaction that marks the order paid, from invoice_counters: INV-2026-000001. */
    invoiceNumber: text("invoice_number").unique(),
    createdAt: createdAt(),
  },
  (table) => [
    index("orders_by_user").on(table.userEmail, table.createdAt),
    check("orders_quantity_positive", sql`${table.quantity} > 0`),
    check("orders_paid_while_money_held", sql`${table.paid} = (${table.status} in ('paid', 'shipped', 'delivered'))`),
    index("orders_by_status").on(table.status, table.createdAt),
    // At most one unpaid order per customer and product, enforced by the database itself; a cancelled
    // order no longer counts.
    uniqueIndex("orders_one_unpaid_per_product")
      .on(table.userEmail, table.productId)
      .where(sql`${table.status} = 'unpaid'`),
  ],
);

/** An order's history: one row per status it reached, with who moved it and why. Only ever added to. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    /** The email of the customer or admin who acted. */
    by: text("by").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_by_order").on(table.orderId, table.createdAt)],
);

/**
 * The last invoice number given in each year. Taking the next one locks the year's row until the
 * payment's transaction ends, so numbers follow each other without a gap: a payment that is rolled back
 * gives its number back with everything else.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});
