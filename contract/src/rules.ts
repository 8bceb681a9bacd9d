import { MAX_LENGTH } from "./limits.js";
import { DEFAULT_QUANTITY_RULE, type QuantityRule } from "./quantity-rule.js";

/**
 * A standard email check (docs/decisions/006-deviations-from-spec.md: the spec's pattern rejected addresses such as
 * first.last@company.co.uk). One local part, one domain with at least one dot, no spaces.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= MAX_LENGTH.email && EMAIL_PATTERN.test(value);
}

/** Order Now (and Add to order) is enabled only while the stock covers the smallest order the tool's rule allows. */
export function canOrder(stock: number, rule: Pick<QuantityRule, "min"> = DEFAULT_QUANTITY_RULE): boolean {
  return stock >= rule.min;
}
