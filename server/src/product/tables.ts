import type { PriceTierCents } from "@forgeline/contract";
import { type SQL, sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

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
     * What the catalogue search matches words in: the name, weighing more, and the description, stemmed as
     * English ("hammers" finds "hammer"). Stored, worked out when the name or description is written: a search
     * matching thousands of tools ranks each by it, and working it out from the text at every search took most
     * of a second on the embedded database (docs/PERFORMANCE.md, 'Search and overview on the embedded
     * database'). No product's field: queries.ts reads every column but this one.
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
    check("products_low_stock_threshold", sql`${table.lowStockThreshold} is null or ${table.lowStockThreshold} >= 0`),
    check(
      "products_quantity_rule",
      sql`${table.quantityMin} >= 1 and ${table.quantityMax} >= ${table.quantityMin} and ${table.quantityStep} >= 1 and (${table.quantityMax} - ${table.quantityMin}) % ${table.quantityStep} = 0`,
    ),
  ],
);
