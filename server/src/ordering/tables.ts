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
    paid: boolean("paid").notNull().default(false),
    transactionId: text("transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("orders_by_user").on(table.userEmail, table.createdAt),
    check("orders_quantity_positive", sql`${table.quantity} > 0`),
    // At most one unpaid order per customer and product, enforced by the database itself.
    uniqueIndex("orders_one_unpaid_per_product").on(table.userEmail, table.productId).where(sql`${table.paid} = false`),
  ],
);
