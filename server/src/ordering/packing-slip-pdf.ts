import { orderNumberText } from "@forgeline/contract";
import { type PdfDocument, pdfDay, pdfDocument, sellerParty } from "../http/pdf-document.js";
import type { ShipmentRecord } from "../shipment/queries.js";
import type { OrderLineRow, OrderRow } from "./queries/orders.js";

/**
 * A shipment's packing slip (docs/STOCK.md, 'Shipments'): what the parcel holds, from which warehouse, for which order,
 * and what of each line is still to come. No prices: it travels in the box. The documents' one layout
 * (http/pdf-document.ts).
 */
export function packingSlipDocument(
  order: OrderRow,
  lines: OrderLineRow[],
  shipment: ShipmentRecord,
  seller: { name: string; address: string; taxId: string | null },
): PdfDocument {
  const number = orderNumberText(order.number);
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  return {
    title: `Packing slip ${number}-${shipment.number}`,
    author: seller.name,
    subject: `Shipment ${shipment.number} of order ${number}`,
    facts: [
      `Shipped: ${pdfDay(shipment.shippedAt)}`,
      `Order number: ${number}`,
      order.poNumber && `PO number: ${order.poNumber}`,
      `Carrier: ${shipment.carrier}, tracking number ${shipment.trackingNumber}`,
    ],
    parties: [
      sellerParty(seller),
      { heading: "Shipped from", lines: [shipment.warehouse.name, shipment.warehouse.address] },
      { heading: "Deliver to", lines: [order.companyName, order.userName, order.phone, order.address] },
    ],
    lines: [],
    table: {
      columns: [
        { title: "Tool", share: 0.5 },
        { title: "In this parcel", share: 0.17 },
        { title: "Ordered", share: 0.15 },
        { title: "Still to come", share: 0.18 },
      ],
      rows: shipment.lines.map((piece) => {
        const line = byPosition.get(piece.position);
        const toCome = line ? line.quantity - line.shippedQuantity : 0;
        return [
          line ? `${line.name} (${line.sku})` : piece.productId,
          String(piece.quantity),
          String(line?.quantity ?? ""),
          String(toCome),
        ];
      }),
    },
    totals: [],
    notes: ["Please check the parcel against this slip on arrival and tell us within 7 days of anything missing."],
  };
}

/** The packing slip as an A4 PDF. */
export const packingSlipPdf = (...args: Parameters<typeof packingSlipDocument>): Promise<Buffer> =>
  pdfDocument(packingSlipDocument(...args));
