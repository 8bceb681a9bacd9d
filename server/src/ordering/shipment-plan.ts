import { SHIPMENT_MESSAGES } from "@forgeline/contract";
import type { OrderLineRow, OrderRow } from "./queries/orders.js";

/**
 * What a shipment carries, worked out before anything is written (docs/STOCK.md, 'Shipments'): pure functions of the
 * order's lines and what the stock ledger says the order holds in each warehouse, read under the order's lock.
 */

/** Pieces of one order line in a parcel. */
export interface Pieces {
  position: number;
  productId: string;
  quantity: number;
}

/** One shipment to make: the warehouse it leaves, its pieces, and whether the stock ledger moves with it. */
export interface Parcel {
  warehouseId: string;
  pieces: Pieces[];
  /** False for an order that took its stock before there were warehouses: the ledger holds nothing of it. */
  movesStock: boolean;
}

/** What the order has allocated and not shipped, per tool and warehouse (stock-allocation.ts `allocatedTo`). */
export interface Held {
  productId: string;
  warehouseId: string;
  allocated: number;
}

/** The pieces of a line allocated to the order and not shipped: neither shipped nor waiting for stock. */
export const allocatedLeft = (line: OrderLineRow) => line.quantity - line.shippedQuantity - line.waitingQuantity;

/** Why an order that ships complete may not ship yet: pieces still wait for stock. */
export function completeRefusal(order: OrderRow, lines: readonly OrderLineRow[]): string | undefined {
  if (order.shippingPreference !== "complete") return undefined;
  const waiting = lines.reduce((sum, line) => sum + line.waitingQuantity, 0);
  return waiting > 0 ? SHIPMENT_MESSAGES.waitsComplete(waiting) : undefined;
}

/**
 * Takes `quantity` pieces of a tool across the order's lines of it, first line first, each up to what it has
 * allocated and not shipped (less what `taken` took already); answers the pieces, or how many could be taken.
 */
function takeFromLines(
  lines: readonly OrderLineRow[],
  productId: string,
  quantity: number,
  taken: Map<number, number>,
): Pieces[] {
  const pieces: Pieces[] = [];
  let left = quantity;
  for (const line of lines) {
    if (left === 0) break;
    if (line.productId !== productId) continue;
    const free = allocatedLeft(line) - (taken.get(line.position) ?? 0);
    const now = Math.min(free, left);
    if (now <= 0) continue;
    taken.set(line.position, (taken.get(line.position) ?? 0) + now);
    pieces.push({ position: line.position, productId, quantity: now });
    left -= now;
  }
  return pieces;
}

/**
 * The pieces an admin asked to ship from one warehouse, or the refusal naming the first line that cannot: a tool not
 * in the order, or more than the order has allocated there (and not shipped).
 */
export function planPart(
  lines: readonly OrderLineRow[],
  held: readonly Held[],
  warehouse: { id: string; name: string },
  asked: readonly { productId: string; quantity: number }[],
): Pieces[] | string {
  const taken = new Map<number, number>();
  const pieces: Pieces[] = [];
  for (const { productId, quantity } of asked) {
    const own = lines.filter((line) => line.productId === productId);
    const [first] = own;
    if (!first) return SHIPMENT_MESSAGES.notInOrder(productId);
    const there = held.find((row) => row.productId === productId && row.warehouseId === warehouse.id)?.allocated ?? 0;
    const unshipped = own.reduce((sum, line) => sum + allocatedLeft(line), 0);
    const can = Math.max(0, Math.min(there, unshipped));
    if (quantity > can) return SHIPMENT_MESSAGES.aboveAllocated(first, can, quantity, warehouse.name);
    pieces.push(...takeFromLines(lines, productId, quantity, taken));
  }
  return pieces;
}

/**
 * Everything the order has allocated and not shipped, a parcel per warehouse that holds some (the admin's Ship). An
 * order that took its stock before there were warehouses holds nothing in the ledger: its pieces leave the first
 * warehouse, as its stock was counted there.
 */
export function planEverythingLeft(
  lines: readonly OrderLineRow[],
  held: readonly Held[],
  firstWarehouseId: string,
): Parcel[] {
  if (held.length === 0) {
    const pieces = lines
      .filter((line) => allocatedLeft(line) > 0)
      .map((line) => ({ position: line.position, productId: line.productId, quantity: allocatedLeft(line) }));
    return pieces.length > 0 ? [{ warehouseId: firstWarehouseId, pieces, movesStock: false }] : [];
  }
  const taken = new Map<number, number>();
  const parcels: Parcel[] = [];
  for (const warehouseId of [...new Set(held.map((row) => row.warehouseId))]) {
    const pieces = held
      .filter((row) => row.warehouseId === warehouseId)
      .flatMap((row) => takeFromLines(lines, row.productId, row.allocated, taken));
    if (pieces.length > 0) parcels.push({ warehouseId, pieces, movesStock: true });
  }
  return parcels;
}

/** Pieces per order line position, summed over the parcels. */
export function piecesByLine(parcels: readonly { pieces: readonly Pieces[] }[]): Map<number, number> {
  const byLine = new Map<number, number>();
  for (const { position, quantity } of parcels.flatMap((parcel) => parcel.pieces)) {
    byLine.set(position, (byLine.get(position) ?? 0) + quantity);
  }
  return byLine;
}
