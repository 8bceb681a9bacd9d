import { type PriceTierCents, STOCK_MOVEMENT_KINDS } from "@forgeline/contract";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, isOneOf } from "../db/columns.js";

/** PostgreSQL's text-search document, which drizzle has no column type for. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    image: text("image").notNull(),
    description: text("description").notNull(),
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
    /** When an admin withdrew it: out of the catalogue, while its orders keep their history. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Upper-case, unique among all products (withdrawn ones too, so an old order's SKU names one tool). */
    sku: text("sku").notNull(),
    /**
     * The quantity rule (docs/SELLING-TO-BUSINESSES.md, 'SKU, quantity rule and volume tiers'): a line holds min..max
     * pieces in whole steps from min.
     */
    quantityMin: integer("quantity_min").notNull().default(100),
    quantityMax: integer("quantity_max").notNull().default(200),
    quantityStep: integer("quantity_step").notNull().default(1),
    /** Volume prices, `minQuantity` rising and prices falling (checked by the contract's sellingTermsProblems). */
    tiers: jsonb("tiers").$type<PriceTierCents[]>().notNull().default([]),
    /**
     * Stock below this is low (the admin's overview and daily mail); null: twice quantityMin
     * (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner').
     */
    lowStockThreshold: integer("low_stock_threshold"),
    /**
     * Backorders (docs/STOCK.md, 'Backorders'): whether an order may take more than is available (the rest waits
     * on the line for a receipt), and when more is expected: a day, else a lead time in days.
     */
    backordersAllowed: boolean("backorders_allowed").notNull().default(false),
    backordersExpectedAt: date("backorders_expected_at", { mode: "string" }),
    backordersLeadDays: integer("backorders_lead_days"),
    /**
     * What the catalogue search matches words in: the name, weighing more, and the description, stemmed as
     * English ("hammers" finds "hammer"). Stored, worked out when the name or description is written: a search
     * matching thousands of tools ranks each by it, and working it out from the text at every search took most
     * of a second on the embedded database (docs/PERFORMANCE.md, 'Search and overview on the embedded
     * database'). No product's field: queries/products.ts reads every column but this one.
     */
    searchDocument: tsvector("search_document")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${products.name}), 'A') || setweight(to_tsvector('english', ${products.description}), 'B')`,
      ),
  },
  (table) => [
    index("products_catalogue_order").on(table.createdAt, table.id),
    // Both search indexes take a new tool's entries at once rather than in a pending list that waits for a vacuum:
    // the embedded database never vacuums, so every search read the list entry by entry and the planner, counting
    // its pages, scanned the whole table instead (docs/PERFORMANCE.md, 'Search and overview on the embedded
    // database'). Tools are written seldom.
    index("products_search").using("gin", table.searchDocument).with({ fastupdate: false }),
    // Misspelt words ("hamer") still find a name by its trigrams (pg_trgm's word similarity).
    index("products_name_trigrams").using("gin", table.name.op("gin_trgm_ops")).with({ fastupdate: false }),
    check("products_price_positive", sql`${table.priceCents} > 0`),
    check("products_stock_not_negative", sql`${table.quantity} >= 0`),
    uniqueIndex("products_sku").on(table.sku),
    check(
      "products_backorders_lead_days",
      sql`${table.backordersLeadDays} is null or ${table.backordersLeadDays} between 1 and 365`,
    ),
    check("products_low_stock_threshold", sql`${table.lowStockThreshold} is null or ${table.lowStockThreshold} >= 0`),
    check(
      "products_quantity_rule",
      sql`${table.quantityMin} >= 1 and ${table.quantityMax} >= ${table.quantityMin} and ${table.quantityStep} >= 1 and (${table.quantityMax} - ${table.quantityMin}) % ${table.quantityStep} = 0`,
    ),
  ],
);

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
    /** Inactive: receives nothing; only an empty warehouse is made so (warehouse-routes.ts). */
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
    /**
     * The order an allocation, release, shipment or return is for. A plain id, no foreign key: orders sit above
     * products (their lines keep product ids the same way), and a key here would make product/ import ordering/.
     */
    orderId: uuid("order_id"),
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
