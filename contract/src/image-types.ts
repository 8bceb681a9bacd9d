/**
 * What the image store takes. Apart from image.ts, whose zod schemas the image picker would otherwise load
 * with these.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** An image in our own store, as POST /api/image answers it. */
export const IMAGE_URL_PATTERN = /^\/images\/[A-Za-z0-9._-]+$/;
