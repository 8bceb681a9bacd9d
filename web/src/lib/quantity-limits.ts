import type { QuantityRule } from "@forgeline/contract";

/**
 * The most pieces one line of a tool may hold now: the top of its rule within the stock, on one of the
 * rule's steps (the rule's minimum when the stock is below it: nothing can be ordered then).
 */
export function topQuantity(rule: QuantityRule, stock: number): number {
  const ceiling = Math.min(rule.max, stock);
  if (ceiling < rule.min) return rule.min;
  return rule.min + Math.floor((ceiling - rule.min) / rule.step) * rule.step;
}

/** The rule as it stands for this stock: its `max` lowered to the top quantity. */
export function limitsFor(rule: QuantityRule, stock: number): QuantityRule {
  return { ...rule, max: topQuantity(rule, stock) };
}

/**
 * The pieces a line may take now: the stock, or any number when the tool takes backorders (what is not there then
 * waits for a receipt: docs/STOCK.md, 'Backorders').
 */
export function sellableStock(tool: { quantity: number; backorders?: { allowed: boolean } | undefined }): number {
  return tool.backorders?.allowed ? Number.POSITIVE_INFINITY : tool.quantity;
}
