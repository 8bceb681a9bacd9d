import { centsToDollars, type PageQuery, type Product } from "@forgeline/contract";
import { and, count, desc, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { products } from "./tables.js";

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** In the catalogue: not withdrawn. */
const listed = isNull(products.archivedAt);

export function toProductJson(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    quantity: row.quantity,
    image: row.image,
    description: row.description,
  };
}

/**
 * One page of the catalogue, newest first (a new tool shows on the home page at once), with its size.
 * The items are already shaped as the API sends them (productSchema): the page is cached serialized.
 */
export async function listProducts(db: Database, page: PageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(listed)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(products).where(listed),
  ]);
  return { items: rows.map(toProductJson), total: total?.value ?? 0 };
}

/** A product in the catalogue (a withdrawn one is as good as missing). */
export async function findProduct(db: Database, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), listed));
  return row;
}

/** Whether no product was ever added (withdrawn ones count: an emptied catalogue is not seeded again). */
export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(products);
  return (existing?.total ?? 0) === 0;
}

/** Adds products; answers the id of each, in the order given. */
export async function addProducts(db: Database, rows: NewProduct[]): Promise<string[]> {
  const added = await db.insert(products).values(rows).returning({ id: products.id });
  return added.map(({ id }) => id);
}

/**
 * Withdraws a product from the catalogue; the row stays, so its orders' history (and a refund's return of
 * pieces) still has it. Answers whether it was in the catalogue.
 */
export async function withdrawProduct(db: Database, id: string): Promise<boolean> {
  const withdrawn = await db
    .update(products)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(products.id, id), listed))
    .returning({ id: products.id });
  return withdrawn.length > 0;
}

/** Whether the product is still in the catalogue with at least this many pieces in stock. */
export async function stockCovers(db: Database, productId: string, quantity: number): Promise<boolean> {
  const [product] = await db
    .select({ quantity: products.quantity })
    .from(products)
    .where(and(eq(products.id, productId), listed));
  return Boolean(product && product.quantity >= quantity);
}

/**
 * Takes pieces from the stock only if it covers them (in the caller's transaction when a paid order takes
 * them); answers false, writing nothing, when it does not or the product is gone.
 */
export async function takeStock(db: Database, productId: string, quantity: number): Promise<boolean> {
  const [taken] = await db
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}` })
    .where(and(eq(products.id, productId), listed, gte(products.quantity, quantity)))
    .returning({ id: products.id });
  return Boolean(taken);
}

/**
 * The products in the catalogue showing the picture at this address, as a subquery for `exists()` (the
 * upload sweep): a withdrawn product shows it nowhere any more.
 */
export function productsShowing(db: Database, pictureUrl: SQL) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.image, pictureUrl), listed));
}

/**
 * Puts a refunded order's pieces back (in the refund's transaction); answers false when the product is
 * gone, so there is nothing to put them back on.
 */
export async function returnStock(db: Database, productId: string, quantity: number): Promise<boolean> {
  const [returned] = await db
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return Boolean(returned);
}
