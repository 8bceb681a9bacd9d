import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Every picture stored through POST /api/image (the seed pictures are not). The per-account daily quota
 * counts these rows, in the database so that every instance sees the same count; the sweep removes a file
 * and its row once nothing refers to it after a day.
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    /** The name of its widest file in the image store, served as /images/<name>; the narrower ones follow from it. */
    name: text("name").primaryKey(),
    uploaderEmail: text("uploader_email").notNull(),
    /** Size of the file as uploaded, before re-encoding: what the quota counts. */
    originalBytes: integer("original_bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("image_uploads_by_uploader").on(table.uploaderEmail, table.createdAt)],
);
