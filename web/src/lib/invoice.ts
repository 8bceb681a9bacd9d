import { downloadAuthed } from "./api-authed";
import type { Order } from "./order";

/** GET /api/ordering/{id}/invoice (the owner or an admin): the paid order's invoice, saved as INV-….pdf. */
export function downloadInvoice(order: Pick<Order, "_id" | "invoiceNumber">) {
  return downloadAuthed(`/api/ordering/${order._id}/invoice`, `${order.invoiceNumber}.pdf`);
}
