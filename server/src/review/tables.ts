import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    rating: smallint("rating").notNull(),
    description: text("description").notNull(),
    image: text("image").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    index("reviews_newest_first").on(table.createdAt.desc(), table.id),
    index("reviews_by_email").on(table.email),
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
  ],
);
