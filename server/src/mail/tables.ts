import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Mail waiting to go out. A change that causes a mail writes its row here in its own transaction, so
 * the mail exists exactly when the change does; the sender delivers it afterwards and retries while the
 * mail server is away. A row keeps the template's name and data, not the rendered mail, so it is
 * composed when sent, with the shop's address of that moment.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    data: jsonb("data").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When a sender may take it next: now for a new mail, later after a failure or while one sends it. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Who holds the mail's lease: the sender that claimed it last; only that sender may mark it sent. */
    leaseToken: uuid("lease_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * Set while the mail waits for its address to be confirmed (docs/decisions/028-mail-held-until-confirmed.md):
     * no sender takes it until the confirmation releases it, or it is dropped.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due").on(table.nextAttemptAt).where(sql`${table.sentAt} is null and ${table.heldAt} is null`),
    index("mail_outbox_held").on(table.to).where(sql`${table.heldAt} is not null`),
  ],
);
