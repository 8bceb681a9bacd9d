import type { PriceTierCents } from "@forgeline/contract";
import { type SQL, sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * What the catalogue search matches words in: the name, weighing more, and the description, stemmed as
 * English ("hammers" finds "hammer"). The same expression is the index and the query (queries.ts), so
 * PostgreSQL uses the index.
 */
export function searchDocument(columns: { name: unknown; description: unknown }): SQL {
  return sql`(setweight(to_tsvector('english', ${columns.name}), 'A') || setweight(to_tsvector('english', ${columns.description}), 'B'))`;
}

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
  },
  (table) => [
    index("products_catalogue_order").on(table.createdAt, table.id),
    index("products_search").using("gin", searchDocument(table)),
    // Misspelt words ("hamer") still find a name by its trigrams (pg_trgm's word similarity).
    index("products_name_trigrams").using("gin", table.name.op("gin_trgm_ops")),
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
