import type { Backorders } from "@forgeline/contract";
import { dueDayInWords } from "./date-text";

/**
 * The words every page says about backorders (docs/STOCK.md, 'Backorders'), in one place: the product card and
 * page, the cart's lines and the order's. Plain functions of the answer, so the public pages render them on the
 * server and send no code for them beyond these few lines.
 */

/** When more comes: "expected by 15 January", "expected in 14 days", or "expected later" when the shop said neither. */
export function whenMoreComes(backorders: Pick<Backorders, "expectedAt" | "leadDays">, now = new Date()): string {
  if (backorders.expectedAt) return `expected by ${dueDayInWords(`${backorders.expectedAt}T00:00:00Z`, now)}`;
  if (backorders.leadDays) return `expected in ${backorders.leadDays} ${backorders.leadDays === 1 ? "day" : "days"}`;
  return "expected later";
}

/**
 * A line of `quantity` pieces with `stock` available: "300 ship now, 200 expected by 15 January"; undefined when it
 * all ships now, or the tool takes no backorders (the quantity is then refused instead).
 */
export function shipsNowText(quantity: number, stock: number, backorders: Backorders | undefined, now = new Date()) {
  if (!backorders?.allowed || quantity <= stock) return undefined;
  const ready = Math.max(stock, 0);
  return `${ready} ship now, ${quantity - ready} ${whenMoreComes(backorders, now)}`;
}

/**
 * What the card and the product page say of a tool that takes backorders and has fewer than its largest order:
 * "120 ship now, more expected in 14 days"; undefined otherwise.
 */
export function moreComesText(
  product: { quantity: number; quantityRule: { max: number }; backorders?: Backorders | undefined },
  now = new Date(),
) {
  const { backorders } = product;
  if (!backorders?.allowed || product.quantity >= product.quantityRule.max) return undefined;
  return `${Math.max(product.quantity, 0)} ship now, more ${whenMoreComes(backorders, now)}`;
}

/** An order line's waiting pieces: "200 waiting for stock, expected by 15 January"; undefined when none wait. */
export function waitingText(waiting: number | undefined, expectedAt: string | null | undefined, now = new Date()) {
  if (!waiting) return undefined;
  return `${waiting} waiting for stock, ${whenMoreComes({ expectedAt: expectedAt ?? null, leadDays: null }, now)}`;
}
