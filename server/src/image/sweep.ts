import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.js";
import { products } from "../product/tables.js";
import { profiles } from "../profile/tables.js";
import { reviews } from "../review/tables.js";
import { IMAGES_URL_PREFIX, type ImageStore } from "./store.js";
import { imageUploads } from "./tables.js";

const uploadUrl = sql`${IMAGES_URL_PREFIX} || ${imageUploads.name}`;

/**
 * Removes the uploaded pictures that nothing refers to a day after their upload (a day leaves time to
 * finish the form that uploaded them), file and record; answers their names. The seed pictures have no
 * record, so they are never touched. Each record is deleted by one statement, so instances sweeping at
 * the same time never remove the same picture twice.
 */
export async function removeUnusedUploads(db: Database, store: ImageStore): Promise<string[]> {
  const unused = (column: AnyPgColumn) =>
    notExists(db.select({ one: sql`1` }).from(column.table).where(eq(column, uploadUrl)));
  const removed = await db
    .delete(imageUploads)
    .where(
      and(
        lt(imageUploads.createdAt, sql`now() - interval '24 hours'`),
        unused(products.image),
        unused(reviews.image),
        unused(profiles.image),
      ),
    )
    .returning({ name: imageUploads.name });
  for (const { name } of removed) await store.remove(name);
  return removed.map(({ name }) => name);
}
