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
