import {
  DEFAULT_QUANTITY_RULE,
  describeRule,
  formatPrice,
  type PriceTier,
  type Product,
  type QuantityRule,
} from "@forgeline/contract";

/** The tool's quantity rule (SPEC.md's 100 to 200 band for a product that came without one). */
export function ruleOf(product: Pick<Product, "quantityRule">): QuantityRule {
  return product.quantityRule ?? DEFAULT_QUANTITY_RULE;
}

/** "Order 100 to 500 pieces in steps of 25": the tool's rule in words. */
export function ruleText(product: Pick<Product, "quantityRule">): string {
  return describeRule(ruleOf(product));
}

/**
 * The prices a tool's quantities earn, from the rule's minimum at the list price up through its tiers, so
 * a volume table starts where ordering starts.
 */
export function priceSteps(product: Pick<Product, "quantityRule" | "price" | "tiers">): PriceTier[] {
  const tiers = product.tiers ?? [];
  const min = ruleOf(product).min;
  return tiers.some((tier) => tier.minQuantity <= min)
    ? tiers
    : [{ minQuantity: min, unitPrice: product.price }, ...tiers];
}

/** "100+ $99.00 · 150+ $89.00 · 300+ $84.00": the volume prices in one line. */
export function tiersText(tiers: readonly PriceTier[]): string {
  return tiers.map((tier) => `${tier.minQuantity}+ ${formatPrice(tier.unitPrice)}`).join(" · ");
}
