import { formatPrice } from "@forgeline/contract";
import type { ReactNode } from "react";
import { CreditNotes } from "../../components/credit-notes";
import { InvoiceButton } from "../../components/invoice-button";
import { Link } from "../../components/link";
import { OrderHistory } from "../../components/order-history";
import { OrderMoney } from "../../components/order-money";
import { OrderShipments } from "../../components/order-shipments";
import { FactBadge } from "../../components/order-status-badge";
import { PricedLines } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { orderPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { dateTimeText } from "../../lib/date-text";
import { invoicedPerShipment, invoiceNumbers } from "../../lib/invoice";
import type { AdminPageOrder, PageOrder } from "../../lib/order";
import { deliveryFact, moneyFact } from "../../lib/order-words";
import { useParams } from "../../lib/router";
import { useAdminOrder } from "./api/get-admin-order";
import { AdminOrderActions } from "./order-actions-panel";
import { DeliverShipmentButton } from "./ship-part-form";

/** /dashboard/orders/{id} (admins): the order, its history, and the steps its status allows. */
export default function AdminOrderPage() {
  const orderId = useParams().id ?? "";
  const order = useAdminOrder(orderId);
  return (
    <section aria-labelledby="admin-order-heading">
      <Link className="link link-primary mb-2 inline-block text-sm" to={paths.adminOrders}>
        All orders
      </Link>
      <h1 id="admin-order-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Order {order.data?.number}
      </h1>
      <QueryState query={order} what="order" isEmpty={() => false} empty={null}>
        {(data) => (
          // The lines take the page's whole width under the two columns: in one column a table of five
          // figures would not fit beside the details.
          <div className="flex flex-col gap-8">
            <div className="grid gap-8 lg:grid-cols-2">
              <OrderDetails order={data} />
              <div className="flex flex-col gap-8">
                <section aria-labelledby="order-actions-heading">
                  <h2 id="order-actions-heading" className="mb-3 text-xl font-bold">
                    Actions
                  </h2>
                  <AdminOrderActions order={data} />
                  <OrderChange order={data} />
                </section>
                <OrderShipments
                  order={data}
                  headingId="order-shipments-heading"
                  actions={(shipment) => <DeliverShipmentButton order={data} shipment={shipment} />}
                />
                <OrderMoney order={data} headingId="order-payments-heading" />
                <CreditNotes order={data} headingId="order-credit-notes-heading" />
                <OrderHistory id="order-history-heading" events={data.statusHistory} />
              </div>
            </div>
            <section aria-labelledby="order-lines-heading">
              <h2 id="order-lines-heading" className="mb-3 text-xl font-bold">
                Lines
              </h2>
              <PricedLines priced={data} poNumber={data.poNumber} />
            </section>
          </div>
        )}
      </QueryState>
    </section>
  );
}

/**
 * The change of its lines that waits for the buyer's acceptance, if one does, and "Change order" while the order may
 * change (docs/decisions/078-admins-change-orders.md); the history says when a change was accepted or declined.
 */
function OrderChange({ order }: { order: AdminPageOrder }) {
  const waiting = order.proposedChange;
  if (!waiting && !order.actions.includes("change:order")) return null;
  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      {waiting && (
        <p role="status" className="alert alert-info alert-soft">
          A change waits for the buyer's acceptance since {dateTimeText(waiting.proposedAt)}: the total{" "}
          {formatPrice(waiting.before.total)} would be {formatPrice(waiting.after.total)}.
        </p>
      )}
      {order.actions.includes("change:order") && (
        <Link className="btn" to={orderPaths.adminChangeOrder(order._id)}>
          Change order
        </Link>
      )}
    </div>
  );
}

function OrderDetails({ order }: { order: AdminPageOrder }) {
  const rows: [string, ReactNode][] = [
    ["Delivery", <FactBadge key="delivery" fact={deliveryFact(order)} />],
    ["Payment", <FactBadge key="payment" fact={moneyFact(order)} />],
    ["Placed", dateTimeText(order.createdAt)],
    ["Customer", order.userName],
    ["Email", order.userEmail],
    ["Phone", order.phone],
    ["Address", order.address],
    ["PO number", order.poNumber ?? "None"],
    ["Pieces", order.quantity],
    ["Paid with", order.transactionId ?? (order.paymentMethod === "invoice" ? "By invoice, on account" : "None")],
    [
      invoicedPerShipment(order) ? "Invoices" : "Invoice",
      !order.invoiceNumber ? (
        "None"
      ) : invoicedPerShipment(order) ? (
        `One per shipment: ${invoiceNumbers(order).join(", ")}`
      ) : (
        <InvoiceButton key="invoice" order={order} />
      ),
    ],
    ["Carrier", order.carrier ?? "Not shipped"],
    ["Tracking number", <TrackingNumber key="tracking" order={order} />],
  ];
  return (
    <section aria-labelledby="order-details-heading">
      <h2 id="order-details-heading" className="mb-3 text-xl font-bold">
        Details
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            {/* A long email breaks where it must; a button's words break between them, never inside one. */}
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TrackingNumber({ order }: { order: PageOrder }) {
  if (!order.trackingNumber) return <>Not shipped</>;
  if (!order.trackingUrl) return <>{order.trackingNumber}</>;
  return (
    <a className="link link-primary" href={order.trackingUrl} target="_blank" rel="noreferrer">
      {order.trackingNumber}
    </a>
  );
}
