import { centsToDollars, type PageQuery, type Product } from "@forgeline/contract";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { products } from "./tables.js";

type ProductRow = typeof products.$inferSelect;

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

/** One page of the catalogue, newest first (a new tool shows on the home page at once), with its size. */
export async function listProducts(db: Database, page: PageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(products),
  ]);
  return { items: rows.map(toProductJson), total: total?.value ?? 0 };
}

export async function findProduct(db: Database, id: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row && toProductJson(row);
}
