import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "../product/tables.js";

/**
 * One cart per account, on the server so that it follows the buyer to another device (docs/SELLING-TO-BUSINESSES.md,
 * 'Cart and checkout').
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    userEmail: text("user_email").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.userEmail, table.productId] }),
    check("cart_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
