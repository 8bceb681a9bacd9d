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

/** "150+ $89.00 · 300+ $84.00": the volume prices in one line (the card shows the list price above them). */
export function tiersText(tiers: readonly PriceTier[]): string {
  return tiers.map((tier) => `${tier.minQuantity}+ ${formatPrice(tier.unitPrice)}`).join(" · ");
}
