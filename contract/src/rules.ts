import { ORDER_MIN_QUANTITY } from "./constants.js";
import { MAX_LENGTH } from "./limits.js";

/**
 * A standard email check (docs/decisions/006-deviations-from-spec.md: the spec's pattern rejected addresses such as
 * first.last@company.co.uk). One local part, one domain with at least one dot, no spaces.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(value);
}

/** The Order Now button is enabled only when the stock covers the smallest bulk order. */
export function canOrder(stock: number): boolean {
  return stock >= ORDER_MIN_QUANTITY;
}
