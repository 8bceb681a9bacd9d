import {
  centsToDollars,
  NEW_QUOTE_STATUS,
  QUOTE_LIFECYCLE,
  QUOTE_TRANSITIONS,
  type Quote,
  type QuoteStatus,
} from "@forgeline/contract";
import { count, desc, eq, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type PricedOrderCents, pricedJson, priceLines } from "../pricing/price.js";
import { quotes, type StoredQuoteLine } from "./tables.js";

export type QuoteRow = typeof quotes.$inferSelect;
/** A quote's line as it is stored: what the pages and the pricing of today read. */
export type { StoredQuoteLine };

/** A sent quote whose expiry has passed is expired, whether or not anything wrote it down. */
export function statusOf(row: Pick<QuoteRow, "status" | "expiresAt">, now = new Date()): QuoteStatus {
  const due = row.expiresAt !== null && row.expiresAt <= now;
  return due && QUOTE_LIFECYCLE.can("expire", row.status) ? QUOTE_TRANSITIONS.expire.to : row.status;
}

/**
 * The quoted lines priced by the one price function: the quote's price wins (so no promotion), tax at
 * `taxRateMilli` (0 for a tax-exempt company). Null while a line has no price.
 */
export function quotedPrice(lines: readonly StoredQuoteLine[], taxRateMilli: number): PricedOrderCents | null {
  if (lines.length === 0 || lines.some((line) => line.unitCents === null)) return null;
  return priceLines(
    lines.map((line) => ({
      product: { id: line.productId, sku: line.sku, name: line.name, priceCents: line.listUnitCents, tiers: [] },
      quantity: line.quantity,
      quoteCents: line.unitCents,
    })),
    { promotions: [], firstOrderEligible: false, taxRateMilli },
  );
}

/** A quote as the wire shows it, less what the caller may do to it. */
export function quoteJson(row: QuoteRow, taxRateMilli: number): Omit<Quote, "actions"> {
  const priced = quotedPrice(row.lines, taxRateMilli);
  return {
    _id: row.id,
    status: statusOf(row),
    userEmail: row.userEmail,
    companyId: row.companyId,
    note: row.note,
    shopNote: row.shopNote,
    lines: row.lines.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      listUnitPrice: centsToDollars(line.listUnitCents),
      unitPrice: line.unitCents === null ? null : centsToDollars(line.unitCents),
    })),
    priced: priced ? pricedJson(priced) : null,
    revision: row.revision,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    orderId: row.orderId,
  };
}

export async function insertQuote(
  tx: Database,
  quote: { userEmail: string; companyId: string | null; note: string; lines: StoredQuoteLine[] },
): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(quote).returning();
  if (!row) throw new Error("the quote was not stored");
  return row;
}

export async function findQuote(db: Database, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The quote's row, locked until the transaction ends (a send, an accept and a decline each take it). */
export async function lockQuote(tx: Database, id: string): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  return row;
}

export async function updateQuote(tx: Database, id: string, changes: Partial<typeof quotes.$inferInsert>) {
  const [row] = await tx.update(quotes).set(changes).where(eq(quotes.id, id)).returning();
  if (!row) throw new Error(`quote ${id} vanished while locked`);
  return row;
}

/** The buyer's quotes and, for a company member, the company's, newest first. */
export async function quotesOf(db: Database, email: string, companyId: string | undefined): Promise<QuoteRow[]> {
  const whose = companyId
    ? or(eq(quotes.userEmail, email), eq(quotes.companyId, companyId))
    : eq(quotes.userEmail, email);
  return db.select().from(quotes).where(whose).orderBy(desc(quotes.createdAt)).limit(200);
}

/** Every quote, newest first (the admins' list). */
export function allQuotes(db: Database): Promise<QuoteRow[]> {
  return db.select().from(quotes).orderBy(desc(quotes.createdAt)).limit(500);
}

/**
 * How many requests for quote wait for an admin to price them (the overview, docs/SELLING-TO-BUSINESSES.md, 'Overview
 * for the shop owner').
 */
export async function quotesToPrice(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(quotes).where(eq(quotes.status, NEW_QUOTE_STATUS));
  return row?.value ?? 0;
}
