import { STOCK_MOVEMENT_KINDS } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf } from "../db/columns.js";
import { orders } from "../ordering/tables.js";
import { products } from "../product/tables.js";

/**
 * The places stock is kept (docs/STOCK.md). The first (oldest) is where a tool's stock goes when no warehouse
 * is named: a new tool's, a restock's.
 */
export const warehouses = pgTable(
  "warehouses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper-case, unique. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    /** Inactive: receives nothing; only an empty warehouse is made so (stock/warehouse-routes.ts). */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("warehouses_code").on(table.code), index("warehouses_order").on(table.createdAt, table.id)],
);

/**
 * A tool's stock in one warehouse, kept from the stock ledger: each is the sum of its movements. Available is on
 * hand less what is allocated to orders; neither goes below zero, and nothing is allocated that is not on hand.
 * The tool's `products.quantity` is kept as the sum available over its warehouses, so every page reads it as before.
 */
export const stockLevels = pgTable(
  "stock_levels",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    warehouseId: uuid("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    onHand: integer("on_hand").notNull().default(0),
    allocated: integer("allocated").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.warehouseId] }),
    check("stock_levels_not_negative", sql`${table.onHand} >= 0 and ${table.allocated} >= 0`),
    check("stock_levels_allocated_on_hand", sql`${table.allocated} <= ${table.onHand}`),
  ],
);

/**
 * The stock ledger: every movement of stock, only ever added to (no query of ours updates or deletes a row). Each
 * says what it did to the count on hand and to what is allocated; the checks keep each kind's signs.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    warehouseId: uuid("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    onHandChange: integer("on_hand_change").notNull(),
    allocatedChange: integer("allocated_change").notNull(),
    /** The order an allocation, release, shipment or return is for. */
    orderId: uuid("order_id").references(() => orders.id),
    /** Why an adjustment was made; required of one. */
    reason: text("reason"),
    /** Who moved it: an admin, the buyer whose order took it, or `system`. */
    by: text("by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("stock_movements_by_order").on(table.orderId),
    index("stock_movements_by_level").on(table.productId, table.warehouseId),
    check("stock_movements_kind", isOneOf(table.kind, STOCK_MOVEMENT_KINDS)),
    check(
      "stock_movements_signs",
      sql`case ${table.kind}
        when 'received' then ${table.onHandChange} > 0 and ${table.allocatedChange} = 0
        when 'returned' then ${table.onHandChange} > 0 and ${table.allocatedChange} = 0
        when 'adjusted' then ${table.onHandChange} <> 0 and ${table.allocatedChange} = 0 and ${table.reason} is not null
        when 'allocated' then ${table.onHandChange} = 0 and ${table.allocatedChange} > 0
        when 'released' then ${table.onHandChange} = 0 and ${table.allocatedChange} < 0
        when 'shipped' then ${table.onHandChange} < 0 and ${table.allocatedChange} = ${table.onHandChange}
        else false end`,
    ),
  ],
);
