import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters behind the per-account limits (failed sign-ins, reset mails). Kept in the database so that
 * every instance behind a load balancer sees the same counts.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
