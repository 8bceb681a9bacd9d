import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
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

/** Takes back the record of an upload that was not stored after all, so it costs no quota. */
export async function releaseUpload(db: Database, name: string): Promise<void> {
  await db.delete(imageUploads).where(eq(imageUploads.name, name));
}
