import { AUDIT_ACTIONS } from "@forgeline/contract";
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Every admin action, and every change company owners make to their members, written in the same transaction as the action itself, so an entry exists exactly
 * when the action happened. Append-only: no query of ours updates or deletes a row.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actor: text("actor").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
    /** The order of writing: one action may write several entries in one transaction, all at one `now()`. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (table) => [index("audit_log_newest_first").on(table.createdAt)],
);
