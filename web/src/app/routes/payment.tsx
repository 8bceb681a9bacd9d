import { useParams } from "react-router";
import { NotFound } from "../../components/not-found";
import { Spinner } from "../../components/spinner";
import { useOrder } from "../../features/orders/api/get-order";
import { OrderSummary } from "../../features/orders/order-summary";
import { PaymentPanel } from "../../features/payment/payment-panel";
import { ApiError } from "../../lib/api-client";

/** /dashboard/payment/:id: one of the customer's orders, and paying it. Another's order is not found. */
export default function PaymentPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);

  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))
      return <NotFound />;
    return (
      <p role="alert" className="alert alert-error alert-soft">
        We could not load this order: {order.error.message}
      </p>
    );
  }
  return (
    <section aria-labelledby="payment-heading" className="max-w-lg">
      <h1 id="payment-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Payment
      </h1>
      <OrderSummary order={order.data} />
      <PaymentPanel order={order.data} />
    </section>
  );
}
