import { formatPrice, MESSAGES } from "@forgeline/contract";
import { lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { NotFound } from "../../components/not-found";
import { Spinner } from "../../components/spinner";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { usePublicConfig } from "../../lib/public-config";
import { useOrder, useRefreshOrders } from "./api";
import { TestCardForm } from "./test-card-form";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

export default function PaymentPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);
  const config = usePublicConfig();
  const refreshOrders = useRefreshOrders();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  if (order.isPending || config.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))
      return <NotFound />;
    return (
      <p role="alert" className="alert alert-error alert-soft">
        We could not load this order: {order.error.message}
      </p>
    );
  }
  const paid = (id: string) => {
    setTransactionId(id);
    void refreshOrders();
  };
  const data = order.data;

  return (
    <section aria-labelledby="payment-heading" className="max-w-lg">
      <h1 id="payment-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Payment
      </h1>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-box bg-base-200 p-4 text-sm">
        <dt className="text-base-content/70">Product</dt>
        <dd className="font-medium">{data.order}</dd>
        <dt className="text-base-content/70">Quantity</dt>
        <dd>{data.quantity} Pieces</dd>
        <dt className="text-base-content/70">Total</dt>
        <dd className="text-lg font-bold">{formatPrice(data.price)}</dd>
      </dl>
      {transactionId ? (
        <div role="status" className="flex flex-col gap-2">
          <p className="text-lg font-semibold text-success">{MESSAGES.paymentCompleted}</p>
          <p className="text-sm">
            Transaction id: <span className="font-mono">{transactionId}</span>
          </p>
          <Link className="btn btn-primary self-start" to={paths.dashboard}>
            Back to My Orders
          </Link>
        </div>
      ) : data.paid ? (
        <p className="flex items-center gap-2">
          <span className="badge badge-success">Paid</span>
          <span className="text-sm">
            Transaction id: <span className="font-mono">{data.transactionId}</span>
          </span>
        </p>
      ) : config.data?.payments === "stripe" && config.data.stripePublishableKey ? (
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <StripeCardForm publishableKey={config.data.stripePublishableKey} order={data} onPaid={paid} />
        </Suspense>
      ) : (
        <TestCardForm order={data} onPaid={paid} />
      )}
    </section>
  );
}
