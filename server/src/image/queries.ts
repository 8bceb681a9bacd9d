import { and, count, eq, gt, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { productsShowing } from "../product/queries/products.js";
import { profilesShowing } from "../profile/queries.js";
import { reviewsShowing } from "../review/queries.js";
import { IMAGES_URL_PREFIX } from "./store.js";
import { imageUploads } from "./tables.js";

/** What one account may upload in any 24 hours. */
export interface UploadQuota {
  pictures: number;
  bytes: number;
}

export interface Upload {
  name: string;
  uploaderEmail: string;
  originalBytes: number;
}

/**
 * Records an upload against its account's quota, or answers false when it would go over. A lock per
 * account, held until the record is written, makes the check and the record one step on every instance,
 * so parallel uploads cannot all pass the same count.
 */
export async function reserveUpload(db: Database, upload: Upload, quota: UploadQuota): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lockKey = `image-uploads:${upload.uploaderEmail}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const [used] = await tx
      .select({
        pictures: count(),
        bytes: sql`coalesce(sum(${imageUploads.originalBytes}), 0)`.mapWith(Number),
      })
      .from(imageUploads)
      .where(
        and(
          eq(imageUploads.uploaderEmail, upload.uploaderEmail),
          gt(imageUploads.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    const pictures = used?.pictures ?? 0;
    const bytes = used?.bytes ?? 0;
    if (pictures >= quota.pictures || bytes + upload.originalBytes > quota.bytes) return false;
    await tx.insert(imageUploads).values(upload);
    return true;
  });
}

/** Gives a reserved upload the name it is stored under, once its widths are known. */
export async function renameUpload(db: Database, from: string, to: string): Promise<void> {
  await db.update(imageUploads).set({ name: to }).where(eq(imageUploads.name, from));
}

/** Takes back the record of an upload that was not stored after all, so it costs no quota. */
export async function releaseUpload(db: Database, name: string): Promise<void> {
  await db.delete(imageUploads).where(eq(imageUploads.name, name));
}

/**
 * Deletes the records of the uploads that no product, review or profile shows a day after their upload
 * (a day leaves time to finish the form that uploaded them); answers their names. Each record goes in one
 * statement with the check, so instances sweeping at the same time never remove the same picture twice.
 */
export async function deleteUnusedUploads(db: Database): Promise<string[]> {
  const url = sql`${IMAGES_URL_PREFIX} || ${imageUploads.name}`;
  const removed = await db
    .delete(imageUploads)
    .where(
      and(
        lt(imageUploads.createdAt, sql`now() - interval '24 hours'`),
        notExists(productsShowing(db, url)),
        notExists(reviewsShowing(db, url)),
        notExists(profilesShowing(db, url)),
      ),
    )
    .returning({ name: imageUploads.name });
  return removed.map(({ name }) => name);
}
