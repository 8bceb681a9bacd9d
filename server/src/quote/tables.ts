import { NEW_QUOTE_STATUS, QUOTE_STATUSES } from "@forgeline/contract";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, isOneOf } from "../db/columns.js";
import { orders } from "../ordering/tables.js";

/** A line of a quote as stored: the tool, the pieces, the list price when asked, the quoted price once sent. */
export interface StoredQuoteLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  listUnitCents: number;
  /** Null until an admin sends a price. */
  unitCents: number | null;
}

/**
 * Requests for quote (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): a buyer's cart with a note, priced line by line by an
 * admin with an expiry; the newest price sent replaces the previous until the buyer accepts (one order) or declines.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userEmail: text("user_email").notNull(),
    /** The buyer's company when they asked: its members see the quote. */
    companyId: uuid("company_id"),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default(NEW_QUOTE_STATUS),
    note: text("note").notNull().default(""),
    shopNote: text("shop_note"),
    lines: jsonb("lines").$type<StoredQuoteLine[]>().notNull(),
    revision: integer("revision").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentBy: text("sent_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    orderId: uuid("order_id").references(() => orders.id),
    /** The quoted total when last sent, in cents (for the admin's list). */
    totalCents: bigint("total_cents", { mode: "number" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("quotes_by_buyer").on(table.userEmail),
    index("quotes_by_company").on(table.companyId),
    index("quotes_by_status").on(table.status, table.createdAt),
    // db/migrate.test.ts fails when the migrated constraint and QUOTE_STATUSES disagree.
    check("quotes_status", isOneOf(table.status, QUOTE_STATUSES)),
  ],
);
