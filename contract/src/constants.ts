/** Business constants of docs/SPEC-CONFORMANCE.md §9, as amended by docs/decisions/006-deviations-from-spec.md. */

export const ORDER_MIN_QUANTITY = 100;
export const ORDER_MAX_QUANTITY = 200;
export const PASSWORD_MIN_LENGTH = 6;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const QUANTITY_UNIT = "Pieces";

export const PAGE_SIZE = {
  default: 20,
  max: 100,
  catalogue: 9,
  homeProducts: 6,
  homeReviews: 6,
} as const;

/**
 * The response header of a list call with the length of the whole list. Here rather than in paging.ts,
 * which loads zod: every page's first bundle reads it.
 */
export const TOTAL_COUNT_HEADER = "x-total-count";
