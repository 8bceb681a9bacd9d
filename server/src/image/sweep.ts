import { pictureWidths } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { deleteUnusedUploads } from "./queries.js";
import type { ImageStore } from "./store.js";

/**
 * Removes the uploaded pictures that nothing refers to a day after their upload, every width and the
 * record; answers their names. The seed pictures have no record, so they are never touched.
 */
export async function removeUnusedUploads(db: Database, store: ImageStore): Promise<string[]> {
  const removed = await deleteUnusedUploads(db);
  for (const name of removed) await store.remove(pictureWidths(name).map((file) => file.url));
  return removed;
}
