import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * The first answer to a request sent with an `Idempotency-Key`, per account and key, for 24 hours
 * (docs/decisions/042-idempotency-keys.md). While the first request runs, `status` is null and `owner`
 * names the instance running it; once answered, the answer is kept here and the owner cleared.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    account: text("account").notNull(),
    key: text("key").notNull(),
    /** A hash of the method, the path and the body: a repeat must send the same request. */
    fingerprint: text("fingerprint").notNull(),
    /** The instance (db/client.ts) running the first request; null once it is answered. */
    owner: integer("owner"),
    status: integer("status"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    body: text("body"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.account, table.key] }),
    index("idempotency_keys_created").on(table.createdAt),
  ],
);
