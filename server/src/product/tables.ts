import { type SQL, sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
  },
  (table) => [
    index("products_catalogue_order").on(table.createdAt, table.id),
    index("products_search").using("gin", searchDocument(table)),
    // Misspelt words ("hamer") still find a name by its trigrams (pg_trgm's word similarity).
    index("products_name_trigrams").using("gin", table.name.op("gin_trgm_ops")),
    check("products_price_positive", sql`${table.priceCents} > 0`),
    check("products_stock_not_negative", sql`${table.quantity} >= 0`),
  ],
);
