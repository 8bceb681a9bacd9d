import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** Every image store serves its files here, so a stored picture's URL is this prefix and its name. */
export const IMAGES_URL_PREFIX = "/images/";

/** A stored file never changes under its name (a new picture gets a new name), so browsers keep it a year. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES = { webp: "image/webp", svg: "image/svg+xml" } as const;

/**
 * The names a store holds: uploads (`<id>-<width>.webp`, and `<id>.webp` from before widths) and the seed
 * pictures (`<tool>.svg`). No slash, no leading dot: a name never leaves the store's folder or bucket.
 */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(webp|svg)$/;

/** The Content-Type a stored file is served with, or undefined for a name no store holds. */
export function imageContentType(name: string): string | undefined {
  const extension = IMAGE_NAME.exec(name)?.[1] as keyof typeof CONTENT_TYPES | undefined;
  return extension && CONTENT_TYPES[extension];
}

export interface ImageFile {
  name: string;
  bytes: Buffer;
}

/** A stored file on its way to a browser. */
export interface StoredImage {
  body: Readable;
  size: number;
  etag: string;
  lastModified: Date;
}

/**
 * Where pictures go: a folder (the default) or S3-compatible object storage (s3-store.ts), chosen by
 * configuration (configured-store.ts). Names are checked by `imageContentType` before they reach a store.
 */
export interface ImageStore {
  /** Stores the files of one picture (its widths); a failed save leaves none of them behind. */
  save(files: readonly ImageFile[]): Promise<void>;
  /** Removes the files; one already gone is not an error. */
  remove(names: readonly string[]): Promise<void>;
  /** The file of that name, or undefined when the store has none. */
  read(name: string): Promise<StoredImage | undefined>;
  /** Lets go of what the store holds open (connections), when the server closes. */
  close(): void;
}

/** The pictures as files in one folder (DATA_DIR/images). */
export function folderImageStore(folder: string): ImageStore {
  const remove = async (names: readonly string[]) => {
    await Promise.all(names.map((name) => rm(path.join(folder, name), { force: true })));
  };
  return {
    async save(files) {
      await mkdir(folder, { recursive: true });
      try {
        for (const { name, bytes } of files) await writeFile(path.join(folder, name), bytes);
      } catch (error) {
        // A full disk leaves partial files: broken pictures nobody would ever remove.
        await remove(files.map(({ name }) => name));
        throw error;
      }
    },
    remove,
    async read(name) {
      const file = path.join(folder, name);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return {
        body: createReadStream(file),
        size: found.size,
        etag: `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`,
        lastModified: found.mtime,
      };
    },
    close() {},
  };
}
