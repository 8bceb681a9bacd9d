import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/** A line of a saved list: a SKU (upper-case) and its pieces. */
export interface StoredListLine {
  sku: string;
  quantity: number;
}

/**
 * Saved lists (docs/RECURRING.md, 'Saved lists'): tools a buyer orders again and again, by SKU, so a list still
 * names a tool whose row changed. A shared list belongs to the company its maker was in when sharing it.
 */
export const savedLists = pgTable(
  "saved_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userEmail: text("user_email").notNull(),
    /** The maker's company while the list is shared with it; null for a private list. */
    companyId: uuid("company_id"),
    name: text("name").notNull(),
    lines: jsonb("lines").$type<StoredListLine[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("saved_lists_by_owner").on(table.userEmail), index("saved_lists_by_company").on(table.companyId)],
);

export type SavedListRow = typeof savedLists.$inferSelect;
