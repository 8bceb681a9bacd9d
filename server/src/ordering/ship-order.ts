import { canTransition, SHIPMENT_MESSAGES } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { allocatedTo, shipFromWarehouse } from "../product/queries/stock-allocation.js";
import { firstWarehouse } from "../product/queries/stock-ledger.js";
import {
  findShipment,
  insertShipment,
  markAllShipmentsDelivered,
  markShipmentDelivered,
  setShipmentInvoice,
  shipmentsOnTheWay,
  warehouseNamed,
} from "../shipment/queries.js";
import { invoiceShareCents } from "./invoice-share.js";
import { auditOrderStep } from "./order-audit.js";
import { type AccountInvoiceRow, insertAccountInvoice } from "./queries/account-invoices.js";
import { nextInvoiceNumber } from "./queries/invoice-numbers.js";
import { invoiceDatesNow, lockOrder, type StatusChangeResult, type StepFields, takeStep } from "./queries/lifecycle.js";
import { findOrder, linesOf, type OrderLineRow, type OrderRow } from "./queries/orders.js";
import { enqueueShipmentMail } from "./queries/outbox.js";
import { countShipped } from "./queries/shipping.js";
import { completeRefusal, type Parcel, piecesByLine, planEverythingLeft, planPart } from "./shipment-plan.js";

/**
 * Shipping an order, in one shipment or in parts, and delivering it: the use cases behind an admin's Ship, Ship part
 * and Delivered buttons (docs/STOCK.md, 'Shipments'), shaped like place-order.ts (docs/decisions/031-one-home-per-rule.md).
 * The route only calls them and says their answer in its wire. Shipping runs in one transaction, in this order:
 *
 * 1. the order's row locked (`lockOrder`), so two admins never ship the same pieces and no payment races the ship;
 * 2. the state machine asked (contract ORDER_TRANSITIONS `ship`, `shipPart`): a card order ships once paid, an order on
 *    account once it goes ahead, unpaid; one that ships complete only when nothing waits for stock;
 * 3. the parcels planned (shipment-plan.ts) from what the stock ledger says the order holds in each warehouse;
 * 4. an order on account invoiced for what this shipping carries (`invoiceOnShipping`, decision 077): the next
 *    number of the year's gapless sequence, taken here under the lock so a refused step never takes one, dated the
 *    ship time and due its net days later, for the shipment's share of the total (invoice-share.ts; the last takes
 *    what is left); the order's first invoice is also the order's `invoiceNumber` (a card order's invoice was
 *    issued when it was paid);
 * 5. the one status change (`takeStep`): `shipped` when the last piece leaves, else `partially-shipped`;
 * 6. each parcel: its pieces out of its warehouse (the stock ledger's `shipped`), its shipment row with the invoice
 *    it is billed on, the lines' shipped pieces counted, and its tracking mail in the outbox (what it carries, what
 *    is still to come);
 * 7. `invoiceIssued` published where the invoice was written: receivables/ records it in the company's ledger;
 * 8. the admin's audit entry.
 *
 * A refusal writes nothing; a failure at any step (a listener's too) rolls every step back.
 */

/** How a shipment travels, as the admin gives it. */
export interface Tracking {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** A shipment of part of an order: from which warehouse, which tools and how many. */
export interface ShipmentRequest extends Tracking {
  warehouseId: string;
  lines: { productId: string; quantity: number }[];
}

/** A step's result, or why a shipment cannot be made as asked. */
export type ShipResult =
  | StatusChangeResult
  | { kind: "noWarehouse" }
  | { kind: "noShipment" }
  | { kind: "conflict"; message: string };

/** Ships part of the order from one warehouse (`POST /admin/orders/{id}/shipments`); `admin` is who acts. */
export function shipPart(
  app: FastifyInstance,
  orderId: string,
  admin: string,
  request: ShipmentRequest,
): Promise<ShipResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    const warehouse = await warehouseNamed(tx, request.warehouseId);
    if (!warehouse) return { kind: "noWarehouse" };
    if (!canTransition("shipPart", before)) return { kind: "refused", order: before };
    const lines = await linesOf(tx, orderId);
    const waits = completeRefusal(before, lines);
    if (waits) return { kind: "conflict", message: waits };
    const pieces = planPart(lines, await allocatedTo(tx, orderId), warehouse, request.lines);
    if (typeof pieces === "string") return { kind: "conflict", message: pieces };
    return ship(
      app,
      tx,
      { before, lines, parcels: [{ warehouseId: warehouse.id, pieces, movesStock: true }] },
      admin,
      request,
    );
  });
}

/**
 * Ships everything the order has allocated and not shipped (`POST /admin/orders/{id}/ship`): one shipment per
 * warehouse that holds some of it, with the one carrier and tracking; the whole order when nothing waits for stock.
 */
export function shipOrder(
  app: FastifyInstance,
  orderId: string,
  admin: string,
  tracking: Tracking,
): Promise<ShipResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    if (!canTransition("ship", before)) return { kind: "refused", order: before };
    const lines = await linesOf(tx, orderId);
    const waits = completeRefusal(before, lines);
    if (waits) return { kind: "conflict", message: waits };
    const parcels = planEverythingLeft(lines, await allocatedTo(tx, orderId), (await firstWarehouse(tx)).id);
    if (parcels.length === 0) return { kind: "conflict", message: SHIPMENT_MESSAGES.nothingToShip };
    return ship(app, tx, { before, lines, parcels }, admin, tracking);
  });
}

/** Makes the planned parcels into shipments and moves the order with them (steps 4 to 8 above). */
async function ship(
  app: FastifyInstance,
  tx: Database,
  plan: { before: OrderRow; lines: OrderLineRow[]; parcels: Parcel[] },
  admin: string,
  tracking: Tracking,
): Promise<ShipResult> {
  const { before, lines, parcels } = plan;
  const now = piecesByLine(parcels);
  const leftAfter = (line: OrderLineRow) => line.quantity - line.shippedQuantity - (now.get(line.position) ?? 0);
  const everything = lines.every((line) => leftAfter(line) === 0);
  const invoice = await invoiceOnShipping(tx, before, invoiceShareCents(before, lines, now, everything));
  // An order invoiced in parts names each part's invoice in its history; one shipped whole reads as it always did.
  const inParts = !everything || before.invoicedCents > 0;
  const changed = await takeStep(tx, before, {
    transition: everything ? "ship" : "shipPart",
    by: admin,
    // The history names a part as such: its entry's kind is the one "shipped" the whole order's is.
    note: `${everything ? "" : `In part, ${[...now.values()].reduce((sum, pieces) => sum + pieces, 0)} pieces: `}${tracking.carrier} ${tracking.trackingNumber}${invoice && inParts ? `. Invoice ${invoice.row.number}` : ""}`,
    fields: { ...tracking, ...invoice?.fields },
    mails: false,
  });
  // Under the order's lock, after the state machine allowed it, the step is not refused; were it, the invoice and its
  // number must not stay: the error rolls them back.
  if (changed.kind !== "changed" && invoice) throw new Error(`order ${before.id} refused the shipment it was allowed`);
  if (changed.kind !== "changed") return changed;
  const { after } = changed;
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  const named = (position: number, quantity: number) => {
    const line = byPosition.get(position);
    return { name: line?.name ?? "", sku: line?.sku ?? "", quantity };
  };
  const toCome = lines.filter((line) => leftAfter(line) > 0).map((line) => named(line.position, leftAfter(line)));
  for (const parcel of parcels) {
    const stockLines = parcel.pieces.map(({ productId, quantity }) => ({ productId, quantity }));
    if (parcel.movesStock) {
      await shipFromWarehouse(tx, {
        orderId: before.id,
        warehouseId: parcel.warehouseId,
        lines: stockLines,
        by: admin,
      });
    }
    const shipment = await insertShipment(tx, {
      orderId: before.id,
      warehouseId: parcel.warehouseId,
      ...tracking,
      by: admin,
      lines: parcel.pieces,
    });
    if (invoice) await setShipmentInvoice(tx, shipment.id, invoice.row);
    const carried = parcel.pieces.map((piece) => named(piece.position, piece.quantity));
    await enqueueShipmentMail(
      tx,
      after,
      { number: shipment.number, ...tracking, lines: carried, toCome, invoice: invoice?.row },
      admin,
    );
  }
  await countShipped(
    tx,
    before.id,
    [...now].map(([position, quantity]) => ({ position, quantity })),
  );
  if (invoice) {
    const { companyId, orderId, number, totalCents, issuedAt: at } = invoice.row;
    await app.events.publish("invoiceIssued", {
      tx,
      invoice: { companyId, orderId, invoiceNumber: number, totalCents, at, by: admin },
    });
  }
  await auditOrderStep(tx, { admin, action: "order.ship", before, after });
  return changed;
}

/**
 * The invoice of an order on account for `cents` of it, issued as a shipment leaves, and what the order keeps of it:
 * what it was invoiced, and its first invoice's number and dates. None for a card order, invoiced when it was paid,
 * nor for a shipment that bills nothing (an order whose total is nothing).
 */
async function invoiceOnShipping(
  tx: Database,
  order: OrderRow,
  cents: number,
): Promise<{ row: AccountInvoiceRow; fields: StepFields } | undefined> {
  if (order.paymentMethod !== "invoice" || order.netDays === null || !order.companyId || cents <= 0) return undefined;
  const { netDays, companyId } = order;
  const row = await insertAccountInvoice(tx, {
    number: await nextInvoiceNumber(tx),
    orderId: order.id,
    companyId,
    totalCents: cents,
    netDays,
  });
  const first = order.invoiceNumber === null ? { invoiceNumber: row.number, ...invoiceDatesNow(netDays) } : {};
  return { row, fields: { ...first, invoicedCents: order.invoicedCents + cents } };
}

/**
 * Marks a shipped order delivered, every shipment of it with it, with its history line and the admin's audit entry,
 * in one transaction.
 */
export function deliverOrder(app: FastifyInstance, orderId: string, admin: string): Promise<StatusChangeResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    const changed = await takeStep(tx, before, { transition: "deliver", by: admin });
    if (changed.kind !== "changed") return changed;
    await markAllShipmentsDelivered(tx, orderId);
    await auditOrderStep(tx, { admin, action: "order.deliver", ...changed });
    return changed;
  });
}

/**
 * Marks one shipment delivered; the order too once it shipped every piece and each of its shipments is delivered.
 * Answers the order as it stands after.
 */
export function deliverShipment(
  app: FastifyInstance,
  orderId: string,
  shipmentId: string,
  admin: string,
): Promise<ShipResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    const shipment = await findShipment(tx, orderId, shipmentId);
    if (!shipment) return { kind: "noShipment" };
    if (!(await markShipmentDelivered(tx, orderId, shipmentId))) {
      return { kind: "conflict", message: SHIPMENT_MESSAGES.alreadyDelivered(shipment.number) };
    }
    if (canTransition("deliver", before) && (await shipmentsOnTheWay(tx, orderId)) === 0) {
      const changed = await takeStep(tx, before, { transition: "deliver", by: admin });
      if (changed.kind === "changed") await auditOrderStep(tx, { admin, action: "order.deliver", ...changed });
      return changed;
    }
    const after = (await findOrder(tx, orderId)) ?? before;
    await auditOrderStep(tx, { admin, action: "order.deliver", before, after });
    return { kind: "changed", before, after };
  });
}
