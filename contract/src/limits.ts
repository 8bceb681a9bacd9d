import { ORDER_MAX_QUANTITY } from "./constants.js";
import { formatCents } from "./money.js";

/**
 * The upper bound of every text field the API accepts. The forms and the server validate with the same
 * schemas of this package, so a limit is set here and nowhere else. (No zod here: the home page's
 * newsletter box reads the email bound without loading a schema library.) The admins' order fields keep
 * theirs in order-status.ts (ADMIN_ORDER_LIMITS), so the home page does not load them.
 */
export const MAX_LENGTH = {
  /** The longest address SMTP can deliver (RFC 5321). */
  email: 254,
  password: 128,
  /** A person's name: the account's, the profile's. */
  personName: 100,
  productName: 200,
  productDescription: 2000,
  reviewDescription: 1000,
  address: 500,
  facebookUrl: 300,
  /** A picture's address in our own store: `/images/` and a generated file name. */
  imageUrl: 200,
} as const;

/**
 * Money is integer cents in 32-bit columns (at most 2,147,483,647 cents). The dearest piece times the
 * largest order must fit: $100,000.00 × 200 pieces = 2,000,000,000 cents.
 */
export const UNIT_PRICE_MAX_CENTS = 10_000_000;
export const ORDER_TOTAL_MAX_CENTS = UNIT_PRICE_MAX_CENTS * ORDER_MAX_QUANTITY;
/** Pieces of one product in stock. */
export const STOCK_MAX = 1_000_000;

/** "Maximum $100,000.00", "Maximum 1,000,000": the counterpart of "Minimum 100". */
export const maximumPrice = (cents: number) => `Maximum ${formatCents(cents)}`;
export const maximumCount = (count: number) => `Maximum ${count.toLocaleString("en-US")}`;

/**
 * A promotion's bounds (docs/SELLING-TO-BUSINESSES.md, 'One price function'), here without zod so the promotions page's
 * hints cost nothing.
 */
export const PROMOTION_LIMITS = { nameMax: 120, percentMin: 1, percentMax: 90, minPiecesMax: 10_000_000 } as const;

/** A warehouse's code: 2 to 16 letters, digits or -, stored upper-case and unique (docs/STOCK.md). */
export const WAREHOUSE_CODE_PATTERN = /^[A-Z0-9-]{2,16}$/;
/** A warehouse's bounds, here without zod so the warehouses page's hints cost nothing. */
export const WAREHOUSE_LIMITS = { codeMax: 16, nameMax: 120, reasonMax: 300 } as const;
