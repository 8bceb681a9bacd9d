import type { OrderLineRow, OrderRow } from "./queries/orders.js";

/**
 * What a shipment's invoice bills (docs/decisions/077-invoices-per-shipment.md): its share of the order's total, in
 * proportion to what it carries at the order's line prices after each line's share of the promotion, so the tax (one
 * rate on the order) and the discount come with it. The shipment that leaves nothing behind bills what is left of the
 * total, so the invoices of an order shipped in full add up to its total to the cent, whatever each share rounded.
 * Pure: the ship use case asks it under the order's lock, the invoice's PDF to say its lines.
 */

/** `amount × numerator / denominator`, rounded half up (amounts here are never negative). */
const share = (amount: bigint, numerator: bigint, denominator: bigint) =>
  (amount * numerator * 2n + denominator) / (denominator * 2n);

/** A line's value after its share of the promotion, in cents. */
const netOf = (line: OrderLineRow) => BigInt(line.totalCents - line.discountCents);

/** Pieces of an order line an invoice bills: at the line's price, less their share of its promotion discount. */
export interface CarriedLine {
  line: OrderLineRow;
  quantity: number;
  /** The pieces at the line's unit price. */
  totalCents: number;
  /** Their value after their share of the line's discount, rounded half up. */
  netCents: number;
}

/** The lines `pieces` (order line position → pieces) carry, in the order's line order. */
export function carriedLines(lines: readonly OrderLineRow[], pieces: ReadonlyMap<number, number>): CarriedLine[] {
  return lines.flatMap((line) => {
    const quantity = pieces.get(line.position) ?? 0;
    if (quantity === 0) return [];
    const netCents = Number(share(netOf(line), BigInt(quantity), BigInt(line.quantity)));
    return [{ line, quantity, totalCents: line.unitCents * quantity, netCents }];
  });
}

/**
 * The cents an invoice for `pieces` bills. `everything`: this shipment ships the last pieces, and bills the rest of
 * the total; otherwise its share, never more than what is left to invoice.
 */
export function invoiceShareCents(
  order: Pick<OrderRow, "totalCents" | "invoicedCents">,
  lines: readonly OrderLineRow[],
  pieces: ReadonlyMap<number, number>,
  everything: boolean,
): number {
  const left = order.totalCents - order.invoicedCents;
  if (everything) return left;
  const orderNet = lines.reduce((sum, line) => sum + netOf(line), 0n);
  if (orderNet === 0n) return 0;
  const carried = carriedLines(lines, pieces).reduce((sum, line) => sum + BigInt(line.netCents), 0n);
  return Math.min(left, Number(share(BigInt(order.totalCents), carried, orderNet)));
}
