import { PICTURE_WIDTHS } from "@forgeline/contract";
import sharp, { type Metadata, type Sharp } from "sharp";
import { oneAtATime } from "./one-at-a-time.js";

const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif"]);
/** The widest width; no side is longer, so a tall picture is narrower. */
const MAX_SIDE = Math.max(...PICTURE_WIDTHS);
/**
 * A picture with more pixels is refused from its header, before any pixel is decoded: a few kilobytes of
 * PNG can unpack to gigabytes.
 */
const MAX_PIXELS = 25_000_000;

const DAMAGED = "This picture is damaged or incomplete. Upload the whole file again, or choose another picture.";

// Pictures are decoded one at a time in this process, on one libvips thread, so a burst of uploads waits
// in line instead of taking every core and the memory of many decoded pictures at once.
sharp.concurrency(1);
const inTurn = oneAtATime();

export class ImageRejected extends Error {}

export interface WebpPicture {
  /** The width and height of the widest file. */
  width: number;
  height: number;
  /** One WebP file per width (PICTURE_WIDTHS narrower than the picture, and the widest), narrowest first. */
  files: { width: number; data: Buffer }[];
}

/**
 * Accepts whole PNG, JPEG, WebP and GIF pictures by their content (never by name or declared type) and
 * re-encodes them to WebP in every width of PICTURE_WIDTHS below their own and in their own, no side longer
 * than the widest, which also drops metadata such as GPS positions. sharp only reads the bytes given here,
 * so any failure of it is a fault of the file: an ImageRejected.
 */
export async function reencodeToWebp(upload: Buffer): Promise<WebpPicture> {
  if (upload.length === 0) throw new ImageRejected("The file is empty. Choose a picture to upload.");
  return inTurn(async () => {
    const picture = await acceptedPicture(upload);
    try {
      return picture.format === "gif" ? await animatedWidths(upload, picture) : await stillWidths(upload);
    } catch {
      throw new ImageRejected(DAMAGED);
    }
  });
}

const decoding = { failOn: "error", limitInputPixels: MAX_PIXELS } as const;

/** A still picture is decoded once, at its widest stored size; the narrower widths are made from those pixels. */
async function stillWidths(upload: Buffer): Promise<WebpPicture> {
  const { data, info } = await sharp(upload, decoding)
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return inWidths(info.width, (width) => sharp(data, { raw }).resize({ width }));
}

/** An animation keeps its frames and timing: each width is made from the upload. */
async function animatedWidths(upload: Buffer, { width, pageHeight }: { width: number; pageHeight: number }) {
  const widest = Math.max(1, Math.round(width * Math.min(1, MAX_SIDE / width, MAX_SIDE / pageHeight)));
  return inWidths(widest, (narrower) => sharp(upload, { ...decoding, animated: true }).resize({ width: narrower }));
}

async function inWidths(widest: number, resized: (width: number) => Sharp): Promise<WebpPicture> {
  const files: WebpPicture["files"] = [];
  let height = 0;
  for (const width of [...PICTURE_WIDTHS.filter((narrower) => narrower < widest), widest]) {
    const { data, info } = await resized(width).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    files.push({ width, data });
    height = info.pageHeight ?? info.height;
  }
  return { width: widest, height, files };
}

/** The picture's format and size (of one frame), read from its header, once its kind and size are acceptable. */
async function acceptedPicture(upload: Buffer): Promise<{ format: string; width: number; pageHeight: number }> {
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
  const { format, width, height, pages = 1, pageHeight = height } = metadata;
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
  return { format, width, pageHeight };
}
