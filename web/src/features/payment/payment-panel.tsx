import { MESSAGES } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link } from "../../components/link";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { usePublicConfig } from "../../lib/public-config";
import { ordersQueryKey } from "../../lib/query-keys";
import type { OrderToPay } from "./order-to-pay";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

/**
 * Paying an order: the card form of the configured provider (Stripe Elements, loaded only here, or the
 * test provider's), then the transaction id; an order paid before shows its own.
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

  if (transactionId) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-lg font-semibold text-success">{MESSAGES.paymentCompleted}</p>
        <p className="text-sm">
          Transaction id: <span className="font-mono">{transactionId}</span>
        </p>
        <Link className="btn btn-primary self-start" to={paths.dashboard}>
          Back to My Orders
        </Link>
      </div>
    );
  }
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
  if (config.data?.payments === "stripe" && config.data.stripePublishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm publishableKey={config.data.stripePublishableKey} order={order} onPaid={paid} />
      </Suspense>
    );
  }
  return <TestCardForm order={order} onPaid={paid} />;
}
