import { z } from "zod";
import { shipBodySchema } from "./order-admin.js";
import { FULFILMENT_STATUSES, PAYMENT_METHODS } from "./order-facts.js";

/**
 * Shipments (docs/STOCK.md, 'Shipments'): an order leaves in one or more parcels, each from one warehouse with its
 * own tracking, packing slip and, on account, its own invoice.
 */

/** The most pieces one line of a shipment may name: more than any order holds. */
const MAX_PIECES = 1_000_000;

/** POST /api/admin/orders/{id}/shipments: what leaves, from where, and how it travels. */
export const shipmentBodySchema = z
  .object({
    warehouseId: z.uuid({ error: "Choose a warehouse" }),
    lines: z
      .array(
        z.object({
          productId: z.uuid({ error: "Not a valid tool id" }),
          quantity: z
            .number({ error: "Quantity must be a whole number of pieces" })
            .int({ error: "Quantity must be a whole number of pieces" })
            .min(1, { error: "Quantity must be at least 1" })
            .max(MAX_PIECES, { error: `Quantity must be ${MAX_PIECES} or fewer` }),
        }),
      )
      .min(1, { error: "Choose at least one line to ship" })
      .max(200, { error: "A shipment holds at most 200 lines" }),
    ...shipBodySchema.shape,
  })
  .refine((body) => new Set(body.lines.map((line) => line.productId)).size === body.lines.length, {
    path: ["lines"],
    error: "Name each tool once",
  });

export const shipmentParamsSchema = z.object({
  id: z.uuid({ error: "Not a valid id" }),
  shipmentId: z.uuid({ error: "Not a valid shipment id" }),
});

/** Pieces of one order line in a shipment. */
export const shipmentLineSchema = z.object({
  /** The order line's place in the order, from 0. */
  position: z.number().int(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
});

/** A shipment as an order answer lists it, oldest first. */
export const shipmentSchema = z.object({
  _id: z.string(),
  /** 1, 2, 3… within the order. */
  number: z.number().int(),
  warehouse: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(shipmentLineSchema),
  /**
   * On account, the invoice this shipment is billed on (docs/decisions/077-invoices-per-shipment.md): its number,
   * dates, what it bills and what it still owes, in dollars; its PDF is GET
   * /api/ordering/{id}/shipments/{shipmentId}/invoice. Null for a card order, invoiced once when it was paid.
   */
  invoice: z
    .object({
      number: z.string(),
      issuedAt: z.string(),
      dueAt: z.string().nullable(),
      amount: z.number(),
      balance: z.number(),
    })
    .nullable(),
});

/** GET /api/admin/stock/pick-list. */
export const pickListQuerySchema = z.object({ warehouseId: z.uuid({ error: "Choose a warehouse" }) });

/** The orders ready to ship with what to pick for them from one warehouse, oldest order first. */
export const pickListSchema = z.object({
  warehouse: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  orders: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      customer: z.string(),
      company: z.string().nullable(),
      placedAt: z.string(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
      lines: z.array(shipmentLineSchema),
    }),
  ),
});

/** Why a shipment is refused (409), worded for the admin beside the button. */
export const SHIPMENT_MESSAGES = {
  noWarehouse: "No such warehouse.",
  noShipment: "No such shipment.",
  notInOrder: (productId: string) => `The tool ${productId} is not a line of this order.`,
  aboveAllocated: (line: { position: number; name: string; sku: string }, can: number, asked: number, where: string) =>
    `Line ${line.position + 1} (${line.name}, ${line.sku}): ${can} can ship from ${where}, not ${asked}.`,
  waitsComplete: (waiting: number) =>
    `This order ships complete: ${waiting} ${waiting === 1 ? "piece still waits" : "pieces still wait"} for stock. Ship it when they have come.`,
  nothingToShip: "Nothing of this order is in stock to ship yet.",
  alreadyDelivered: (number: number) => `Shipment ${number} is already delivered.`,
  /** GET …/shipments/{shipmentId}/invoice of a card order's shipment (409). */
  noShipmentInvoice: "This shipment has no invoice of its own: a card order is invoiced once, when it is paid.",
  /** GET /ordering/{id}/invoice of an order on account invoiced a shipment at a time (409). */
  invoicedPerShipment: (count: number) =>
    `This order is invoiced a shipment at a time (${count === 1 ? "1 invoice so far" : `${count} invoices`}): download each from its shipment.`,
} as const;

export type ShipmentBody = z.infer<typeof shipmentBodySchema>;
export type Shipment = z.infer<typeof shipmentSchema>;
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;
export type PickList = z.infer<typeof pickListSchema>;
