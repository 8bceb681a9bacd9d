import { z } from "zod";
import { MAX_LENGTH } from "./limits.js";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** An image in our own store, as POST /api/image answers it. */
export const IMAGE_URL_PATTERN = /^\/images\/[A-Za-z0-9._-]+$/;

export function imageField(requiredMessage = "Image is Required") {
  const notOurs = "Upload the image with the image picker";
  return z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(MAX_LENGTH.imageUrl, { error: notOurs, abort: true })
    .regex(IMAGE_URL_PATTERN, { error: notOurs });
}

/** imgbb's answer shape, which the original client read. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});

export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/**
 * The widths, in pixels, an uploaded picture is stored in; never wider than it was uploaded. The URL that
 * POST /api/image answers is the largest width, `/images/<id>-<width>.webp`, and the narrower widths sit
 * beside it under the same id (`<id>-320.webp`, `<id>-640.webp`), so the URL alone says which exist.
 * Pictures stored before (`<id>.webp`) and the seed pictures (SVG) have one file.
 */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;

const WIDEST = /^(.+)-(\d{1,4})\.webp$/;

/** Every width of a picture, narrowest first, from its URL (or its file name); one entry for a one-file picture. */
export function pictureWidths(url: string): { url: string; width?: number }[] {
  const match = WIDEST.exec(url);
  if (!match) return [{ url }];
  const [, stem, widest] = match;
  const width = Number(widest);
  return [
    ...PICTURE_WIDTHS.filter((narrower) => narrower < width).map((narrower) => ({
      url: `${stem}-${narrower}.webp`,
      width: narrower,
    })),
    { url, width },
  ];
}

/** The `srcset` of a picture stored in several widths; undefined for a one-file picture. */
export function pictureSrcSet(url: string): string | undefined {
  const widths = pictureWidths(url);
  return widths.length > 1 ? widths.map((file) => `${file.url} ${file.width}w`).join(", ") : undefined;
}
