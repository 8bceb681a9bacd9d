import { downloadInvoice, invoicedPerShipment } from "../lib/invoice";
import type { PageOrder } from "../lib/order";
import { DownloadButton } from "./download-button";

/**
 * The order's invoice (PDF), on the customer's and the admin's order pages; nothing before it is issued, nor for a
 * caller the answer's `actions` do not let fetch it (a requester, for a colleague's order: decision 058), nor for an
 * order on account invoiced a shipment at a time (each shipment lists its own: decision 077).
 */
export function InvoiceButton({
  order,
}: {
  order: Pick<PageOrder, "_id" | "invoiceNumber" | "actions" | "paymentMethod" | "shipments" | "total">;
}) {
  if (!order.invoiceNumber || !order.actions.includes("invoice:order") || invoicedPerShipment(order)) return null;
  return (
    <DownloadButton
      // In a narrow column (the admin's details on a phone) its parts go to the next line whole and the button grows
      // with them (h-full: the height of its row, which its wrapped words make; a class the pages' CSS has already,
      // for the CSS budget), rather than squeezed until the column's long-word breaking splits them inside a word.
      className="btn btn-outline btn-sm h-full self-start flex-wrap py-1"
      download={() => downloadInvoice(order)}
      failure="The invoice could not be downloaded. Please try again."
    >
      {/* The number never breaks mid-code, even where the page lets long words break (an email beside it). */}
      <span className="whitespace-nowrap">Download invoice</span>{" "}
      <span className="whitespace-nowrap">{order.invoiceNumber}</span> (PDF)
    </DownloadButton>
  );
}
