import { formatPrice, QUANTITY_UNIT, SENT_ORDER_STATUSES } from "@forgeline/contract";
import { lazy, Suspense } from "react";
import { CreditNotes } from "../../components/credit-notes";
import { InvoiceButton } from "../../components/invoice-button";
import { Link } from "../../components/link";
import { OrderHistory } from "../../components/order-history";
import { OrderMoney } from "../../components/order-money";
import { OrderShipments } from "../../components/order-shipments";
import { FactBadge } from "../../components/order-status-badge";
import { PricedLines } from "../../components/priced-order";
import { SaveListForm } from "../../components/save-list-form";
import { listPaths, orderPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { invoiceNumbers } from "../../lib/invoice";
import type { PageOrder } from "../../lib/order";
import { deliveryFact, moneyFact } from "../../lib/order-words";
import { useParams } from "../../lib/router";
import { CallerOrder } from "./caller-order";
import { OrderActions } from "./order-actions";

// An admin's change waiting for the buyer loads its table only on an order that has one (decision 078), so the order
// page stays as light as decision 075 left it.
const ProposedChange = lazy(() => import("./proposed-change").then((module) => ({ default: module.ProposedChange })));

/** /dashboard/myorders/:id: one of the customer's orders, its history and what can be done with it. */
export default function MyOrderPage() {
  const { id = "" } = useParams();
  return <CallerOrder id={id}>{(order) => <OrderView order={order} />}</CallerOrder>;
}

function OrderView({ order }: { order: PageOrder }) {
  return (
    <section aria-labelledby="order-heading" className="flex max-w-2xl flex-col gap-6">
      <div>
        <Link className="link text-sm" to={paths.dashboard}>
          Back to My Orders
        </Link>
        <h1 id="order-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
          Order {order.number}
        </h1>
        <p className="mt-1 text-base-content/80">{order.productName}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-box bg-base-200 p-4 text-sm">
        <dt className="text-base-content/70">Delivery</dt>
        <dd>
          <FactBadge fact={deliveryFact(order)} />
        </dd>
        <dt className="text-base-content/70">Payment</dt>
        <dd>
          <FactBadge fact={moneyFact(order)} />
        </dd>
        <dt className="text-base-content/70">Pieces</dt>
        <dd>
          {order.quantity} {QUANTITY_UNIT}
        </dd>
        {order.invoiceNumber && (
          <>
            <dt className="text-base-content/70">{invoiceNumbers(order).length > 1 ? "Invoices" : "Invoice"}</dt>
            <dd>{invoiceNumbers(order).join(", ")}</dd>
          </>
        )}
        <dt className="text-base-content/70">Delivery address</dt>
        <dd className="whitespace-pre-line">{order.address}</dd>
      </dl>
      {order.proposedChange && (
        <Suspense fallback={null}>
          <ProposedChange order={order} />
        </Suspense>
      )}
      <OrderMoney order={order} headingId="payments-heading" />
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="mb-3 text-xl font-bold">
          Lines
        </h2>
        <PricedLines priced={order} poNumber={order.poNumber} />
      </section>
      {order.status === "awaiting-approval" && (
        <p role="status" className="alert alert-info alert-soft">
          This order awaits approval by an owner of your company. Once approved,{" "}
          {order.paymentMethod === "invoice" ? "it ships on account" : "it can be paid here"}; rejected, it is cancelled
          with their note. You are mailed either way.
        </p>
      )}
      {order.paymentMethod === "invoice" && order.fulfilmentStatus === "open" && (
        <p role="status" className="alert alert-info alert-soft">
          Placed on account: nothing to pay now. It ships without payment, and its invoice comes with it, due{" "}
          {order.netDays} days later.
        </p>
      )}
      {order.paymentMethod === "card" && order.paymentStatus === "partially-paid" && (
        <p role="status" className="alert alert-info alert-soft">
          This order was changed and costs more than was paid: it owes{" "}
          {order.balance === undefined ? "the difference" : formatPrice(order.balance)}, and{" "}
          {order.fulfilmentStatus === "partially-shipped" ? "the rest ships" : "ships"} once that is paid.
        </p>
      )}
      <OrderActions order={order} />
      {order.actions.includes("change:order") && (
        <div className="flex flex-col items-start gap-1">
          <Link className="btn" to={orderPaths.changeOrder(order._id)}>
            Change order
          </Link>
          <p className="text-sm text-base-content/80">
            More or fewer pieces, a line removed or added, before it ships: you see the new prices before you confirm.
          </p>
        </div>
      )}
      <div className="max-w-sm rounded-box border border-base-300 p-4">
        <SaveListForm
          defaultName={`Order ${order.number}`}
          lines={(order.lines ?? []).map((line) => ({ sku: line.sku, quantity: line.quantity }))}
        />
      </div>
      <div className="flex flex-col items-start gap-1">
        {/* docs/RECURRING.md: the recurring orders' form, with this order as what it places again. */}
        <Link className="btn" to={`${listPaths.recurring}?order=${encodeURIComponent(order._id)}`}>
          Repeat this order
        </Link>
        <p className="text-sm text-base-content/80">Its lines placed again every so many weeks or months.</p>
      </div>
      <InvoiceButton order={order} />
      <CreditNotes order={order} headingId="credit-notes-heading" />
      <OrderShipments order={order} headingId="shipments-heading" />
      {order.shipments.length === 0 && <Tracking order={order} />}
      <OrderHistory id="history-heading" events={order.statusHistory} />
    </section>
  );
}

/** Where the parcel is: once the order has left, its carrier, tracking number and tracking link. */
function Tracking({ order }: { order: PageOrder }) {
  if (!order.trackingNumber || !SENT_ORDER_STATUSES.includes(order.status)) return null;
  return (
    <section aria-labelledby="tracking-heading" className="rounded-box border border-base-300 p-4">
      <h2 id="tracking-heading" className="mb-2 text-xl font-bold">
        Tracking
      </h2>
      <p>
        {order.carrier}, tracking number <span className="font-mono">{order.trackingNumber}</span>
      </p>
      {order.trackingUrl && (
        <a className="link link-primary" href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          Track the parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </section>
  );
}
