/**
 * How many pieces of a tool one order line may hold (docs/SELLING-TO-BUSINESSES.md, 'SKU, quantity rule and volume
 * tiers') and the volume tiers its unit price falls by. No zod here: the product cards and the quantity picker read it
 * on the first visit.
 */
export interface QuantityRule {
  min: number;
  max: number;
  step: number;
}

/** A unit price from a number of pieces on, in dollars. */
export interface PriceTier {
  minQuantity: number;
  unitPrice: number;
}

/** A volume price as the server keeps it: from `minQuantity` pieces on, `unitPriceCents` a piece. */
export interface PriceTierCents {
  minQuantity: number;
  unitPriceCents: number;
}

/** SPEC.md's band: 100 to 200 pieces. */
export const DEFAULT_QUANTITY_RULE: QuantityRule = { min: 100, max: 200, step: 1 };
export const MAX_TIERS = 5;
/** The most pieces a rule may allow in one line: a line's total stays far inside exact integer money. */
export const RULE_MAX_PIECES = 100_000;

/**
 * The stock below which a tool counts as low (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'): its own
 * threshold when an admin set one, else twice its rule's minimum (two of the smallest orders).
 */
export function lowStockThresholdOf(rule: Pick<QuantityRule, "min">, threshold: number | null | undefined): number {
  return threshold ?? 2 * rule.min;
}

export function isAllowedQuantity(rule: QuantityRule, quantity: number): boolean {
  return (
    Number.isSafeInteger(quantity) &&
    quantity >= rule.min &&
    quantity <= rule.max &&
    (quantity - rule.min) % rule.step === 0
  );
}

/** The allowed quantities nearest to `quantity`: one when it lies outside the rule's ends, else the two around it. */
export function nearestAllowed(rule: QuantityRule, quantity: number): number[] {
  if (!(quantity > rule.min)) return [rule.min];
  if (quantity >= rule.max) return [rule.max];
  const below = rule.min + Math.floor((quantity - rule.min) / rule.step) * rule.step;
  return below === quantity ? [quantity] : [below, below + rule.step];
}

/** "Order 100 to 200 pieces", "Order 100 to 500 pieces in steps of 25". */
export function describeRule(rule: QuantityRule): string {
  const range = rule.min === rule.max ? `Order ${rule.min} pieces` : `Order ${rule.min} to ${rule.max} pieces`;
  return rule.step === 1 ? range : `${range} in steps of ${rule.step}`;
}

/**
 * Why a quantity is refused, naming the nearest allowed ones: "Order at least 100 pieces", "Order at most
 * 200 pieces", "Order 100 to 500 pieces in steps of 25: 100 or 125"; null when it is allowed.
 */
export function quantityRefusal(rule: QuantityRule, quantity: number): string | null {
  if (isAllowedQuantity(rule, quantity)) return null;
  if (!(quantity >= rule.min)) return `Order at least ${rule.min} pieces`;
  if (quantity > rule.max) return `Order at most ${rule.max} pieces`;
  return `${describeRule(rule)}: ${nearestAllowed(rule, quantity).join(" or ")}`;
}

/** The allowed quantity closest to `quantity` (ties go up): where an order's old line is put in the cart again. */
export function snapQuantity(rule: QuantityRule, quantity: number): number {
  const near = nearestAllowed(rule, quantity);
  const [first = rule.min, second] = near;
  if (second === undefined) return first;
  return quantity - first < second - quantity ? first : second;
}

/** The tier a quantity earns: the one with the highest `minQuantity` at or below it. */
export function tierFor<T extends { minQuantity: number }>(tiers: readonly T[], quantity: number): T | undefined {
  let earned: T | undefined;
  for (const tier of tiers)
    if (tier.minQuantity <= quantity && (!earned || tier.minQuantity > earned.minQuantity)) earned = tier;
  return earned;
}
