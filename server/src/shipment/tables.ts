import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { warehouses } from "../product/tables.js";

/**
 * What left the shop for an order, parcel by parcel (docs/STOCK.md, 'Shipments'): an order ships in one or more
 * shipments, each from one warehouse with its own tracking and, on account, its own invoice. The order's lines count
 * the pieces shipped (`order_lines.shipped_quantity`); these rows say which parcel carried them. Only ever added to,
 * but for the day a shipment is delivered.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The order it belongs to. A plain id, no foreign key, as the stock ledger's: ordering writes and reads shipments
     * through this folder's queries, and a key here would make this folder import ordering's tables (a cycle).
     */
    orderId: uuid("order_id").notNull(),
    /** 1, 2, 3… within the order: "Shipment 2 of FL-100234". */
    number: integer("number").notNull(),
    warehouseId: uuid("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingUrl: text("tracking_url"),
    /** Who shipped it. */
    by: text("by").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * On account, the invoice this shipment issued (docs/BUYING-ON-ACCOUNT.md, 'Invoices on account'): its number
     * from the gapless sequence, dates and what it bills in cents. Null for a card order, invoiced once when paid.
     */
    invoiceNumber: text("invoice_number"),
    invoiceIssuedAt: timestamp("invoice_issued_at", { withTimezone: true }),
    invoiceDueAt: timestamp("invoice_due_at", { withTimezone: true }),
    invoiceCents: bigint("invoice_cents", { mode: "number" }),
  },
  (table) => [
    unique("shipments_number_in_order").on(table.orderId, table.number),
    check("shipments_number_positive", sql`${table.number} > 0`),
    check(
      "shipments_invoice_whole",
      sql`(${table.invoiceNumber} is null) = (${table.invoiceIssuedAt} is null) and (${table.invoiceNumber} is null) = (${table.invoiceCents} is null)`,
    ),
    // The pick list and the shipments of a warehouse read by warehouse.
    index("shipments_by_warehouse").on(table.warehouseId, table.shippedAt),
  ],
);

/** The pieces of one order line a shipment carried. */
export const shipmentLines = pgTable(
  "shipment_lines",
  {
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id),
    /** The order line's position (order_lines' key with the shipment's order). */
    position: integer("position").notNull(),
    productId: uuid("product_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.position] }),
    check("shipment_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
