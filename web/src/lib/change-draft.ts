import {
  DEFAULT_QUANTITY_RULE,
  type OrderChangeBody,
  type Product,
  type QuantityRule,
  quantityRefusal,
} from "@forgeline/contract";
import type { PageOrder } from "./order";

/**
 * The buyer's change of an order before it is sent (docs/decisions/075-the-change-order-page.md): each line as
 * typed, with the tool's quantity rule to say an off-rule quantity beside its field. The server checks every rule
 * again when it previews and applies the change; nothing here is more than what the buyer sees first.
 */
export interface DraftLine {
  productId: string;
  sku: string;
  name: string;
  /** Pieces the order has now; 0 for a line the change adds. */
  oldQuantity: number;
  /** The pieces as typed. */
  typed: string;
  /** Taken out: sent as quantity 0. */
  removed: boolean;
  /** Pieces of it shipped: a line with some stays as it is (docs/decisions/079-changing-an-order-shipped-in-part.md). */
  shipped: number;
}

/** The order's lines as they are: the change starts from them. */
export function draftOf(order: Pick<PageOrder, "lines">): DraftLine[] {
  return order.lines.map((line) => ({
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    oldQuantity: line.quantity,
    typed: String(line.quantity),
    removed: false,
    shipped: line.shippedQuantity ?? 0,
  }));
}

/** A tool's rule (SPEC.md's band when it came without one). */
export const ruleOfTool = (product: Pick<Product, "quantityRule">): QuantityRule =>
  product.quantityRule ?? DEFAULT_QUANTITY_RULE;

/**
 * Why a line's typed quantity is refused, naming the nearest allowed ("Order 100 to 500 pieces in steps of 25: 100
 * or 125"), or null; a removed line, a shipped one (kept as it is), or one whose tool's rule is not known here (the
 * server says), is not refused.
 */
export function draftRefusal(line: DraftLine, rule: QuantityRule | undefined): string | null {
  if (line.removed || line.shipped > 0 || !rule) return null;
  return quantityRefusal(rule, line.typed.trim() === "" ? Number.NaN : Number(line.typed));
}

/** The body of the preview and the change: every line, a removed one at 0 (docs/decisions/072-order-changes.md). */
export function changeBodyOf(draft: readonly DraftLine[]): OrderChangeBody {
  return {
    lines: draft.map((line) => ({ productId: line.productId, quantity: line.removed ? 0 : Number(line.typed) })),
  };
}
