import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { warehousesInOrder } from "../product/queries/stock-ledger.js";
import { shipmentLines, shipments } from "./tables.js";

/**
 * The shipments of orders (docs/STOCK.md, 'Shipments'): written by ordering's ship use case under the order's lock,
 * read by the order answers, the packing slip and the pick list.
 */

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;
/** A shipment with its lines (by order line position) and the warehouse it left. */
export interface ShipmentRecord extends ShipmentRow {
  lines: ShipmentLineRow[];
  warehouse: { id: string; code: string; name: string; address: string };
}

/** A shipment as the ship use case makes it: where from, how it travels, what it carries. */
export interface NewShipment {
  orderId: string;
  warehouseId: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  by: string;
  lines: { position: number; productId: string; quantity: number }[];
}

/** Stores a shipment with the next number within its order; in the transaction that holds the order's lock. */
export async function insertShipment(tx: Database, shipment: NewShipment): Promise<ShipmentRow> {
  const { lines, ...row } = shipment;
  const [created] = await tx
    .insert(shipments)
    .values({
      ...row,
      number: sql`(select coalesce(max(${shipments.number}), 0) + 1 from ${shipments} where ${shipments.orderId} = ${row.orderId})`,
    })
    .returning();
  if (!created) throw new Error("the shipment was not stored");
  await tx.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId: created.id })));
  return created;
}

/**
 * Writes on a shipment the invoice it is billed on (docs/decisions/077-invoices-per-shipment.md): its number, dates
 * and what it bills; the parcels Ship sends from several warehouses at once share one.
 */
export async function setShipmentInvoice(
  tx: Database,
  shipmentId: string,
  invoice: { number: string; totalCents: number; issuedAt: Date; dueAt: Date },
): Promise<void> {
  await tx
    .update(shipments)
    .set({
      invoiceNumber: invoice.number,
      invoiceCents: invoice.totalCents,
      invoiceIssuedAt: invoice.issuedAt,
      invoiceDueAt: invoice.dueAt,
    })
    .where(eq(shipments.id, shipmentId));
}

/** The shipments of these orders, oldest first, each with its lines and warehouse (three queries for all). */
export async function shipmentsByOrder(db: Database, orderIds: string[]): Promise<Map<string, ShipmentRecord[]>> {
  const byOrder = new Map<string, ShipmentRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.orderId), asc(shipments.number));
  if (rows.length === 0) return byOrder;
  // A shop has a handful of warehouses: all of them cost one small query.
  const places = new Map((await warehousesInOrder(db)).map((place) => [place.id, place]));
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(shipmentLines.position));
  for (const shipment of rows) {
    const warehouse = places.get(shipment.warehouseId);
    if (!warehouse) throw new Error(`warehouse ${shipment.warehouseId} vanished`);
    const record: ShipmentRecord = {
      ...shipment,
      warehouse: { id: warehouse.id, code: warehouse.code, name: warehouse.name, address: warehouse.address },
      lines: lines.filter((line) => line.shipmentId === shipment.id),
    };
    byOrder.set(shipment.orderId, [...(byOrder.get(shipment.orderId) ?? []), record]);
  }
  return byOrder;
}

/** One shipment of one order, with its lines; undefined when the order has no such shipment. */
export async function findShipment(
  db: Database,
  orderId: string,
  shipmentId: string,
): Promise<ShipmentRecord | undefined> {
  return (await shipmentsByOrder(db, [orderId])).get(orderId)?.find((shipment) => shipment.id === shipmentId);
}

/** Marks a shipment delivered now; undefined when it already was (or is not the order's). */
export async function markShipmentDelivered(
  tx: Database,
  orderId: string,
  shipmentId: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await tx
    .update(shipments)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)))
    .returning();
  return row;
}

/** Marks every shipment of the order not yet delivered delivered now (the whole order is). */
export async function markAllShipmentsDelivered(tx: Database, orderId: string): Promise<void> {
  await tx
    .update(shipments)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)));
}

/** How many of the order's shipments are still on their way. */
export async function shipmentsOnTheWay(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), isNull(shipments.deliveredAt)));
  return row?.count ?? 0;
}

/** A warehouse by id, or undefined. */
export async function warehouseNamed(db: Database, id: string) {
  return (await warehousesInOrder(db)).find((place) => place.id === id);
}

/**
 * Moves the order's shipment lines from one order line position to another (a change numbered the order's lines again
 * after a line was removed: ordering/queries/changes.ts). In two steps through negative numbers, as the key
 * (shipment, position) is checked row by row.
 */
export async function moveShipmentLines(
  tx: Database,
  orderId: string,
  moves: readonly { from: number; to: number }[],
): Promise<void> {
  if (moves.length === 0) return;
  const ofOrder = inArray(
    shipmentLines.shipmentId,
    tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)),
  );
  for (const { from, to } of moves) {
    await tx
      .update(shipmentLines)
      .set({ position: -1 - to })
      .where(and(ofOrder, eq(shipmentLines.position, from)));
  }
  await tx
    .update(shipmentLines)
    .set({ position: sql`-1 - ${shipmentLines.position}` })
    .where(and(ofOrder, lt(shipmentLines.position, 0)));
}
