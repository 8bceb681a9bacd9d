import { COMPANY_ROLES, NET_DAYS } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { cents, createdAt } from "../db/columns.js";
import { products } from "../product/tables.js";

/**
 * A customer's company (docs/SELLING-TO-BUSINESSES.md, 'Companies'): its members share orders, delivery addresses and
 * contract prices.
 */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    taxId: text("tax_id"),
    /** Set by an admin, with the tax ID: its orders carry no tax and its invoices name the ID. */
    taxExempt: boolean("tax_exempt").notNull().default(false),
    poRequired: boolean("po_required").notNull().default(false),
    /** Where its invoices are addressed; null: to each order's delivery address. Orders keep a copy. */
    billingAddress: text("billing_address"),
    /** Its terms on account (docs/BUYING-ON-ACCOUNT.md), set by an admin: both, or neither (it pays by card). */
    netDays: integer("net_days"),
    creditLimitCents: cents("credit_limit_cents"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("companies_terms_whole", sql`(${table.netDays} is null) = (${table.creditLimitCents} is null)`),
    check("companies_net_days", sql`${table.netDays} in (${sql.raw(NET_DAYS.join(", "))})`),
    check("companies_credit_limit", sql`${table.creditLimitCents} >= 0`),
  ],
);

/** Who belongs to a company, as what. An account belongs to one company at most (the key is the email). */
export const companyMembers = pgTable(
  "company_members",
  {
    email: text("email").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    /** What the member may spend in a calendar month (UTC) without an owner's approval; null: no limit. */
    monthlyLimitCents: cents("monthly_limit_cents"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("company_members_by_company").on(table.companyId),
    check("company_members_role", sql`${table.role} in ('owner', 'buyer', 'requester')`),
    check("company_members_limit", sql`${table.monthlyLimitCents} is null or ${table.monthlyLimitCents} >= 0`),
  ],
);

/** An owner's invitation: a link mailed to `email`, kept as a hash, accepted once by that confirmed address. */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("company_invitations_by_company").on(table.companyId)],
);

/** The company's delivery addresses; an order keeps a copy of the one it went to. */
export const companyAddresses = pgTable(
  "company_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    address: text("address").notNull(),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("company_addresses_by_company").on(table.companyId)],
);

/** The contract prices admins agreed with a company, per tool; the price function takes the lowest. */
export const companyPrices = pgTable(
  "company_prices",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    unitCents: cents("unit_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.productId] }),
    check("company_prices_positive", sql`${table.unitCents} > 0`),
  ],
);
