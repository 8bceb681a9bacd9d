import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  role: text("role", { enum: ["admin", "customer"] })
    .notNull()
    .default("customer"),
  /** Access tokens issued before this time are refused (a role change revokes them; the browser renews). */
  tokensValidAfter: timestamp("tokens_valid_after", { withTimezone: true }),
  createdAt: createdAt(),
});
