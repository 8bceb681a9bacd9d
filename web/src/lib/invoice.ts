import { downloadAuthed } from "./api-authed";
import { signedInApi } from "./api-routes/signed-in";
import type { Order } from "./order";

/** GET /api/ordering/{id}/invoice (the owner or an admin): the paid order's invoice, saved as INV-….pdf. */
export function downloadInvoice(order: Pick<Order, "_id" | "invoiceNumber">) {
  return downloadAuthed(signedInApi.invoice(order._id), `${order.invoiceNumber}.pdf`);
}
