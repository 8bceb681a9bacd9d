import { formatPrice, MESSAGES, REQUESTER_CANNOT_PAY } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link } from "../../components/link";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { dueDayInWords } from "../../lib/date-text";
import { usePublicConfig } from "../../lib/public-config";
import { ordersQueryKey } from "../../lib/query-keys";
import { amountToPay, type OrderToPay, owesOnInvoice, paysBalance, paysDifference } from "./order-to-pay";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

/**
 * Paying an order: what is paid first ("Invoice INV-…: $5,500.00, due 31 December", or the order's number and
 * total), then the card form of the configured provider (Stripe Elements, loaded only here, or the test
 * provider's) with its "Pay $5,500.00", so on a phone the form is on the first screen; then the receipt, naming the
 * amount and the invoice or order beside the spec's words. An order paid before shows its transaction id. An order
 * on account pays what its invoice still owes, once it shipped with it (decision 063); a card order changed to cost
 * more than was paid, its difference (decision 076).
 */
export function PaymentPanel({ order }: { order: OrderToPay }) {
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const [transactionId, setTransactionId] = useState<string | null>(null);
  // What the button said, and where the receipt leads, kept for the receipt: the refreshed order owes nothing any more.
  // A changed order's difference, like an invoice's balance, is paid from the order's page and leads back there.
  const [receipt, setReceipt] = useState({ amount: 0, backToOrder: false });

  // Every order list and this order show the new state.
  const paid = (id: string) => {
    setReceipt({ amount: amountToPay(order), backToOrder: paysBalance(order) });
    setTransactionId(id);
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };

  const onAccount = order.paymentMethod === "invoice";
  if (transactionId) {
    const what = onAccount && order.invoice ? `invoice ${order.invoice.number}` : `order ${order.number}`;
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-lg font-semibold text-success">{MESSAGES.paymentCompleted}</p>
        <p>
          <strong>{formatPrice(receipt.amount)}</strong> paid for {what}.
        </p>
        <p className="text-sm">
          Transaction id: <span className="font-mono">{transactionId}</span>
        </p>
        {receipt.backToOrder ? (
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
  return (
    <div className="flex flex-col gap-4">
      <PaidWhat order={order} />
      {form}
    </div>
  );
}

/** The line that leads the page: what the card pays, and of what. */
function PaidWhat({ order }: { order: OrderToPay }) {
  const amount = formatPrice(amountToPay(order));
  if (paysDifference(order)) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-xl font-semibold">
          Order <span className="whitespace-nowrap">{order.number}</span>: {amount}
        </p>
        <p className="text-sm text-base-content/80">
          The difference owed since the order was changed: its total is now {formatPrice(order.total)}, of which the
          rest was paid. It ships once this is paid.
        </p>
      </div>
    );
  }
  if (order.paymentMethod !== "invoice" || !order.invoice) {
    return (
      <p className="text-xl font-semibold">
        Order <span className="whitespace-nowrap">{order.number}</span>: {amount}
      </p>
    );
  }
  const { number, dueAt } = order.invoice;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xl font-semibold">
        Invoice <span className="whitespace-nowrap">{number}</span>: {amount}
        {dueAt ? `, due ${dueDayInWords(dueAt)}` : ""}
      </p>
      <p className="text-sm text-base-content/80">
        {amountToPay(order) < order.total ? `Left to pay of its ${formatPrice(order.total)}. ` : ""}Pay it by card here,
        or by bank transfer quoting the invoice number.
      </p>
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
