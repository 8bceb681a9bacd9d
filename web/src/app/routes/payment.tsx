import { CallerOrder } from "../../features/orders/caller-order";
import { OrderSummary } from "../../features/orders/order-summary";
import { PaymentPanel } from "../../features/payment/payment-panel";
import { useParams } from "../../lib/router";

/**
 * /dashboard/payment/:id: one of the customer's orders, and paying it: what is paid and the card form first, so a
 * phone shows them on its first screen, then what the order holds. Another's order is not found.
 */
export default function PaymentPage() {
  const { id = "" } = useParams();
  return (
    <CallerOrder id={id}>
      {(order) => (
        <section aria-labelledby="payment-heading" className="max-w-2xl">
          <h1 id="payment-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
            Payment
          </h1>
          <PaymentPanel order={order} />
          <OrderSummary order={order} />
        </section>
      )}
    </CallerOrder>
  );
}
