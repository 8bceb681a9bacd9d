import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { oneAtATime } from "./one-at-a-time.js";

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
const MAX_SIDE = 2000;
/**
 * A picture with more pixels is refused from its header, before any pixel is decoded: a few kilobytes of
 * PNG can unpack to gigabytes.
 */
const MAX_PIXELS = 25_000_000;

/** Every image store serves its files here, so a stored picture's URL is this prefix and its name. */
export const IMAGES_URL_PREFIX = "/images/";

const DAMAGED = "This picture is damaged or incomplete. Upload the whole file again, or choose another picture.";

// Pictures are decoded one at a time in this process, on one libvips thread, so a burst of uploads waits
// in line instead of taking every core and the memory of many decoded pictures at once.
sharp.concurrency(1);
const inTurn = oneAtATime();

export class ImageRejected extends Error {}

/**
 * Where uploaded pictures go. The default keeps them in a folder served at /images; a production service
 * (object storage) replaces it by implementing the same interface.
 */
export interface ImageStore {
  /** Stores the file and answers its URL; a failed save leaves nothing behind. */
  save(name: string, bytes: Buffer): Promise<string>;
  /** Removes the file; one already gone is not an error. */
  remove(name: string): Promise<void>;
}

export function folderImageStore(folder: string): ImageStore {
  return {
    async save(name, bytes) {
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, name);
      try {
        await writeFile(file, bytes);
      } catch (error) {
        // A full disk leaves a partial file: a broken picture nobody would ever remove.
        await rm(file, { force: true });
        throw error;
      }
      return `${IMAGES_URL_PREFIX}${name}`;
    },
    async remove(name) {
      await rm(path.join(folder, name), { force: true });
    },
  };
}

export interface WebpPicture {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Accepts whole PNG, JPEG, WebP and GIF pictures by their content (never by name or declared type) and
 * re-encodes them to WebP no larger than 2000 px a side, which also drops metadata such as GPS positions.
 * sharp only reads the bytes given here, so any failure of it is a fault of the file: an ImageRejected.
 */
export async function reencodeToWebp(upload: Buffer): Promise<WebpPicture> {
  if (upload.length === 0) throw new ImageRejected("The file is empty. Choose a picture to upload.");
  return inTurn(async () => {
    const format = await acceptedFormat(upload);
    try {
      const { data, info } = await sharp(upload, {
        failOn: "error",
        limitInputPixels: MAX_PIXELS,
        animated: format === "gif",
      })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch {
      throw new ImageRejected(DAMAGED);
    }
  });
}

/** The picture's format, read from its header, once its kind and size are acceptable. */
async function acceptedFormat(upload: Buffer): Promise<string> {
  let metadata: Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch (error) {
    // "corrupt header": sharp knew the format but could not read on, so it is a picture cut short or damaged.
    throw new ImageRejected(
      String(error).includes("corrupt header")
        ? DAMAGED
        : "This file is not a picture. Upload a PNG, JPEG, WebP or GIF image.",
    );
  }
  const { format, width, height, pages = 1 } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejected(
      `${(format ?? "This").toUpperCase()} files are not accepted. Upload a PNG, JPEG, WebP or GIF image.`,
    );
  }
  // Every frame of a GIF is decoded; other formats give their first picture only.
  const frames = format === "gif" ? pages : 1;
  if (width * height * frames > MAX_PIXELS) {
    throw new ImageRejected("The picture is larger than 25 megapixels. Choose a smaller one.");
  }
  return format;
}
