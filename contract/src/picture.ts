// Kept apart from image.ts (zod schemas), so that pages showing pictures do not load the schema library.

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

/**
 * The `srcset` of a picture stored in several widths, leaving out those wider than `widest`; undefined for
 * a one-file picture.
 */
export function pictureSrcSet(url: string, widest = Number.POSITIVE_INFINITY): string | undefined {
  const widths = pictureWidths(url);
  if (widths.length < 2) return undefined;
  return widths
    .filter((file) => (file.width ?? 0) <= widest)
    .map((file) => `${file.url} ${file.width}w`)
    .join(", ");
}
