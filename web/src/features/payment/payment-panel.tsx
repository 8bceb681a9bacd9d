import { formatPrice, MESSAGES, REQUESTER_CANNOT_PAY } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link } from "../../components/link";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { dueDayText } from "../../lib/on-account";
import { usePublicConfig } from "../../lib/public-config";
import { ordersQueryKey } from "../../lib/query-keys";
import { type OrderToPay, owesOnInvoice } from "./order-to-pay";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

/**
 * Paying an order: the card form of the configured provider (Stripe Elements, loaded only here, or the
 * test provider's), then the transaction id; an order paid before shows its own. An order on account pays
 * what its invoice still owes, once it shipped with it (InvoiceToPay).
 */
export function PaymentPanel({ order }: { order: OrderToPay }) {
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  // Every order list and this order show the new state.
  const paid = (id: string) => {
    setTransactionId(id);
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };

  const onAccount = order.paymentMethod === "invoice";
  if (transactionId) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-lg font-semibold text-success">{MESSAGES.paymentCompleted}</p>
        {onAccount && order.invoice && <p>Invoice {order.invoice.number} is paid.</p>}
        <p className="text-sm">
          Transaction id: <span className="font-mono">{transactionId}</span>
        </p>
        {onAccount ? (
          <Link className="btn btn-primary self-start" to={paths.myOrder(order._id)}>
            Back to the order
          </Link>
        ) : (
          <Link className="btn btn-primary self-start" to={paths.dashboard}>
            Back to My Orders
          </Link>
        )}
      </div>
    );
  }
  // Only a requester reads a colleague's order without what it owes (decision 058): it is not theirs to pay.
  if (order.balance === undefined) return <p className="alert alert-info alert-soft">{REQUESTER_CANNOT_PAY}</p>;
  if (onAccount && !owesOnInvoice(order)) return <NothingOwed order={order} />;
  if (order.paid) {
    return (
      <p className="flex items-center gap-2">
        <span className="badge badge-success">Paid</span>
        <span className="text-sm">
          Transaction id: <span className="font-mono">{order.transactionId}</span>
        </span>
      </p>
    );
  }
  if (config.isPending) return <Spinner label="Loading the card form" />;
  const form =
    config.data?.payments === "stripe" && config.data.stripePublishableKey ? (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm publishableKey={config.data.stripePublishableKey} order={order} onPaid={paid} />
      </Suspense>
    ) : (
      <TestCardForm order={order} onPaid={paid} />
    );
  if (!onAccount || !order.invoice) return form;
  const { number, dueAt } = order.invoice;
  return (
    <div className="flex flex-col gap-4">
      <p>
        Invoice {number} has <strong>{formatPrice(order.balance)}</strong> left to pay
        {dueAt ? `, due ${dueDayText(dueAt, true)}` : ""}. Pay it by card here, or by bank transfer quoting the invoice
        number.
      </p>
      {form}
    </div>
  );
}

/** An order on account with nothing to pay by card: its invoice is paid, or it has none yet. */
function NothingOwed({ order }: { order: OrderToPay }) {
  if (order.paymentStatus === "paid" && order.invoice) {
    return (
      <p className="flex flex-wrap items-center gap-2">
        <span className="badge badge-success">Paid</span>
        <span>Invoice {order.invoice.number} is paid.</span>
      </p>
    );
  }
  return (
    <p role="status" className="alert alert-info alert-soft">
      {order.invoice
        ? `Nothing is owed on invoice ${order.invoice.number}.`
        : "Placed on account: nothing to pay now. Its invoice comes when it ships, and can be paid by card from here."}
    </p>
  );
}
