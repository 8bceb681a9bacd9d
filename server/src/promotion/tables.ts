import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * The promotions admins keep (docs/SELLING-TO-BUSINESSES.md, 'One price function'): the banner shows the active ones,
 * the price function applies them.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    percent: integer("percent").notNull(),
    firstOrder: boolean("first_order").notNull().default(false),
    minPieces: integer("min_pieces"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [check("promotions_percent", sql`${table.percent} between 1 and 90`)],
);
