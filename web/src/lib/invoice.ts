import { downloadAuthed } from "./api-authed";
import { orderApi } from "./api-routes/orders";
import type { PageOrder } from "./order";

/** GET /api/ordering/{id}/invoice (the owner or an admin): the order's invoice once issued, saved as INV-….pdf. */
export function downloadInvoice(order: Pick<PageOrder, "_id" | "invoiceNumber">) {
  return downloadAuthed(orderApi.invoice(order._id), `${order.invoiceNumber}.pdf`);
}

/** GET /api/ordering/{id}/credit-notes/{number} (whoever gets the invoice): one credit note, saved as CN-….pdf. */
export function downloadCreditNote(order: Pick<PageOrder, "_id">, number: string) {
  return downloadAuthed(orderApi.creditNote(order._id, number), `${number}.pdf`);
}

/** GET /api/ordering/{id}/shipments/{shipmentId}/packing-slip.pdf: one shipment's packing slip. */
export function downloadPackingSlip(
  order: Pick<PageOrder, "_id" | "number">,
  shipment: { _id: string; number: number },
) {
  return downloadAuthed(
    orderApi.packingSlip(order._id, shipment._id),
    `packing-slip-${order.number}-${shipment.number}.pdf`,
  );
}

/** GET /api/ordering/{id}/shipments/{shipmentId}/invoice: the invoice a shipment on account is billed on. */
export function downloadShipmentInvoice(
  order: Pick<PageOrder, "_id">,
  shipment: { _id: string; invoice: { number: string } },
) {
  return downloadAuthed(orderApi.shipmentInvoice(order._id, shipment._id), `${shipment.invoice.number}.pdf`);
}

/**
 * The invoice numbers of an order: on account one per shipment when it shipped in parts (decision 077), else its
 * one invoice's; none before it is invoiced.
 */
export function invoiceNumbers(order: Pick<PageOrder, "invoiceNumber" | "shipments">): string[] {
  const perShipment = [
    ...new Set(order.shipments.flatMap((shipment) => (shipment.invoice ? [shipment.invoice.number] : []))),
  ];
  if (perShipment.length > 0) return perShipment;
  return order.invoiceNumber ? [order.invoiceNumber] : [];
}

/**
 * Whether an order on account is invoiced a shipment at a time: a shipment's invoice bills less than the whole
 * order. Its invoices are then on its shipments, and the order has no one invoice for its total.
 */
export const invoicedPerShipment = (order: Pick<PageOrder, "paymentMethod" | "shipments" | "total">): boolean =>
  order.paymentMethod === "invoice" &&
  order.shipments.some((shipment) => shipment.invoice !== null && shipment.invoice.amount !== order.total);
