import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
const MAX_SIDE = 2000;

export class ImageRejected extends Error {}

/**
 * Where uploaded pictures go. The default keeps them in a folder served at /images; a production service
 * (object storage) replaces it by implementing the same interface.
 */
export interface ImageStore {
  save(name: string, bytes: Buffer): Promise<string>;
}

export function folderImageStore(folder: string): ImageStore {
  return {
    async save(name, bytes) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, name), bytes);
      return `/images/${name}`;
    },
  };
}

/**
 * Accepts PNG, JPEG, WebP and GIF by their content (never by name or declared type), re-encodes them to
 * WebP no larger than 2000 px a side, which also drops metadata such as GPS positions.
 */
export async function storeImage(store: ImageStore, upload: Buffer) {
  if (upload.length === 0) throw new ImageRejected("The file is empty. Choose a picture to upload.");
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new ImageRejected("This file is not a picture. Upload a PNG, JPEG, WebP or GIF image.");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejected(
      `${(format ?? "This").toUpperCase()} files are not accepted. Upload a PNG, JPEG, WebP or GIF image.`,
    );
  }
  const { data, info } = await sharp(upload, { limitInputPixels: 40_000_000, animated: format === "gif" })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const url = await store.save(`${randomUUID()}.webp`, data);
  return { url, width: info.width, height: info.pageHeight ?? info.height };
}
