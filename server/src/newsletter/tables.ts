import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});
