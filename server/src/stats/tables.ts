import { date, pgTable } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * The days the low-stock mail went out (DESIGN.md 11.1): one row per UTC day, taken by the instance whose
 * insert wins, in the transaction that puts that day's mails in the outbox; the others see the row and send
 * nothing.
 */
export const lowStockMailDays = pgTable("low_stock_mail_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});
