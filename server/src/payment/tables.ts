import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";
// The one table of another folder a table of ours names: a payment belongs to its order (a foreign key).
import { orders } from "../ordering/tables.js";

/**
 * A payment attempt for one order, as the provider knows it. The client secret lets the browser confirm
 * it; only the server marks the order paid, in the same transaction that takes the stock. `open` waits for
 * the customer (Pay again reuses it), `succeeded` paid the order, `canceled` took nothing, `refunded` gave
 * the money back (a second payment of an order already paid).
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["test", "stripe"] }).notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    clientSecret: text("client_secret").notNull().unique(),
    status: text("status", { enum: ["open", "succeeded", "canceled", "refunded"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (table) => [
    index("payment_intents_by_order").on(table.orderId),
    // One open intent per order, so two Pay clicks can never leave two chargeable intents behind.
    uniqueIndex("payment_intents_one_open_per_order").on(table.orderId).where(sql`${table.status} = 'open'`),
  ],
);

/**
 * Money given back, one row per refund the provider made (its id), so every refund can be traced:
 * a payment the shop would not keep, an admin's refund of an order, or what a change took off a paid order's total.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => paymentIntents.id, { onDelete: "cascade" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    reason: text("reason", {
      enum: [
        "duplicate",
        "out-of-stock",
        "amount-mismatch",
        "order-cancelled",
        "order-refunded",
        "order-rules",
        // What a card order paid above its total after a change of its lines (decision 076).
        "order-changed",
      ],
    }).notNull(),
    createdAt: createdAt(),
  },
  // The overview reads today's refunds at every call (the days before are kept: keepDays in stats/queries.ts).
  (table) => [index("payment_refunds_by_created_at").on(table.createdAt)],
);
