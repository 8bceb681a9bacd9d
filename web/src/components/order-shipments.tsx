import { formatPrice, type Shipment } from "@forgeline/contract";
import type { ReactNode } from "react";
import { dateTimeText, dueDayInWords } from "../lib/date-text";
import { downloadPackingSlip, downloadShipmentInvoice } from "../lib/invoice";
import type { PageOrder } from "../lib/order";
import { DownloadButton } from "./download-button";

type ShipmentsOrder = Pick<PageOrder, "_id" | "number" | "lines" | "shipments" | "fulfilmentStatus" | "actions">;

/**
 * What of each line is still to come: its pieces less those its shipments carried, while the order is still to ship
 * in part (docs/STOCK.md, 'Shipments'). An order shipped whole before shipments were counted has none to come.
 */
export function piecesToCome(order: ShipmentsOrder): { name: string; sku: string; quantity: number }[] {
  if (order.fulfilmentStatus !== "partially-shipped" && order.fulfilmentStatus !== "open") return [];
  const shipped = new Map<number, number>();
  for (const line of order.shipments.flatMap((shipment) => shipment.lines)) {
    shipped.set(line.position, (shipped.get(line.position) ?? 0) + line.quantity);
  }
  return order.lines
    .map((line, position) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity - (shipped.get(position) ?? 0),
    }))
    .filter((line) => line.quantity > 0);
}

/**
 * The order's shipments, oldest first, as stacked cards (they read on a phone without sideways scrolling): what
 * each carried, from where, its tracking, whether it arrived, its packing slip and, on account, its own invoice
 * (number, amount, due date, what is left to pay, its PDF for whoever gets the order's invoice: decision 077); then
 * what is still to come. `actions` adds the admin's buttons to a shipment. Nothing before the first shipment.
 */
export function OrderShipments({
  order,
  headingId,
  actions,
}: {
  order: ShipmentsOrder;
  headingId: string;
  actions?: (shipment: Shipment) => ReactNode;
}) {
  if (order.shipments.length === 0) return null;
  const toCome = order.shipments.length > 0 ? piecesToCome(order) : [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        Shipments
      </h2>
      <ol className="flex flex-col gap-3">
        {order.shipments.map((shipment) => (
          <li key={shipment._id} className="rounded-box border border-base-300 p-4">
            <ShipmentCard order={order} shipment={shipment} actions={actions} />
          </li>
        ))}
      </ol>
      {toCome.length > 0 && (
        <div className="rounded-box bg-base-200 p-4">
          <h3 className="font-semibold">Still to come</h3>
          <ul className="mt-1 list-inside list-disc">
            {toCome.map((line) => (
              <li key={line.sku}>
                {line.quantity} × {line.name} <span className="whitespace-nowrap font-mono text-sm">{line.sku}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ShipmentCard({
  order,
  shipment,
  actions,
}: {
  order: ShipmentsOrder;
  shipment: Shipment;
  actions: ((shipment: Shipment) => ReactNode) | undefined;
}) {
  const { invoice } = shipment;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">
        Shipment {shipment.number}{" "}
        <span className="font-normal text-base-content/80">from {shipment.warehouse.name}</span>
      </h3>
      <ul>
        {shipment.lines.map((line) => (
          <li key={line.position}>
            {line.quantity} × {line.name} <span className="whitespace-nowrap font-mono text-sm">{line.sku}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Shipped {dateTimeText(shipment.shippedAt)} with {shipment.carrier}, tracking number{" "}
        {shipment.trackingUrl ? (
          <a
            className="link link-primary font-mono"
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {shipment.trackingNumber}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="font-mono">{shipment.trackingNumber}</span>
        )}
      </p>
      <p className="text-sm">
        {shipment.deliveredAt ? `Delivered ${dateTimeText(shipment.deliveredAt)}` : "On its way"}
      </p>
      {invoice && (
        <p className="text-sm">
          Invoice <span className="whitespace-nowrap">{invoice.number}</span>: {formatPrice(invoice.amount)}
          {invoice.dueAt && `, due ${dueDayInWords(invoice.dueAt)}`}
          {invoice.balance === 0
            ? ", paid"
            : invoice.balance < invoice.amount && `, ${formatPrice(invoice.balance)} left to pay`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <DownloadButton
          className="btn btn-outline btn-sm"
          download={() => downloadPackingSlip(order, shipment)}
          failure="The packing slip could not be downloaded. Please try again."
        >
          Packing slip {shipment.number} (PDF)
        </DownloadButton>
        {invoice && order.actions.includes("invoice:order") && (
          <DownloadButton
            className="btn btn-outline btn-sm"
            download={() => downloadShipmentInvoice(order, { _id: shipment._id, invoice })}
            failure="The invoice could not be downloaded. Please try again."
          >
            Invoice <span className="whitespace-nowrap">{invoice.number}</span> (PDF)
          </DownloadButton>
        )}
        {actions?.(shipment)}
      </div>
    </div>
  );
}
