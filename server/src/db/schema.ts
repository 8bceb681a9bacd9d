import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    image: text("image").notNull(),
    description: text("description").notNull(),
    createdByEmail: text("created_by_email"),
    createdAt: createdAt(),
  },
  (table) => [
    index("products_catalogue_order").on(table.createdAt, table.id),
    check("products_price_positive", sql`${table.priceCents} > 0`),
    check("products_stock_not_negative", sql`${table.quantity} >= 0`),
  ],
);

/**
 * An order keeps a copy of the product's name and unit price, so it still reads right after the
 * product is edited or deleted; productId is therefore a reference, not a foreign key.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id").notNull(),
    productName: text("product_name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
    userEmail: text("user_email").notNull(),
    userName: text("user_name").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    paid: boolean("paid").notNull().default(false),
    transactionId: text("transaction_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("orders_by_user").on(table.userEmail, table.createdAt),
    check("orders_quantity_positive", sql`${table.quantity} > 0`),
    // At most one unpaid order per customer and product, enforced by the database itself.
    uniqueIndex("orders_one_unpaid_per_product").on(table.userEmail, table.productId).where(sql`${table.paid} = false`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    rating: smallint("rating").notNull(),
    description: text("description").notNull(),
    image: text("image").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [
    index("reviews_newest_first").on(table.createdAt.desc(), table.id),
    index("reviews_by_email").on(table.email),
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
  ],
);

export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  fburl: text("fburl").notNull(),
  address: text("address").notNull(),
  image: text("image").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The identity provider's tables (Better Auth), prefixed auth_. Property names are the ones Better Auth
 * expects; ids are the provider's own text ids.
 */
const authTimestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const authUsers = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...authTimestamps,
});

export const authSessions = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    ...authTimestamps,
  },
  (table) => [index("auth_session_user").on(table.userId)],
);

export const authAccounts = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...authTimestamps,
  },
  (table) => [index("auth_account_user").on(table.userId)],
);

export const authVerifications = pgTable(
  "auth_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...authTimestamps,
  },
  (table) => [index("auth_verification_identifier").on(table.identifier)],
);

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
    amountCents: integer("amount_cents").notNull(),
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

/** Money given back, one row per refund the provider made (its id), so every refund can be traced. */
export const paymentRefunds = pgTable("payment_refunds", {
  id: text("id").primaryKey(),
  intentId: text("intent_id")
    .notNull()
    .references(() => paymentIntents.id, { onDelete: "cascade" }),
  amountCents: integer("amount_cents").notNull(),
  reason: text("reason", { enum: ["duplicate", "out-of-stock", "amount-mismatch"] }).notNull(),
  createdAt: createdAt(),
});

/**
 * Every picture stored through POST /api/image (the seed pictures are not). The per-account daily quota
 * counts these rows, in the database so that every instance sees the same count; the sweep removes a file
 * and its row once nothing refers to it after a day.
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    /** The file's name in the image store; it is served as /images/<name>. */
    name: text("name").primaryKey(),
    uploaderEmail: text("uploader_email").notNull(),
    /** Size of the file as uploaded, before re-encoding: what the quota counts. */
    originalBytes: integer("original_bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("image_uploads_by_uploader").on(table.uploaderEmail, table.createdAt)],
);
