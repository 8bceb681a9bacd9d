import { formatPrice } from "@forgeline/contract";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/toast";
import { createPaymentIntent } from "./api/create-payment-intent";
import { reconcilePayment } from "./api/reconcile-payment";
import { amountToPay, type OrderToPay } from "./order-to-pay";

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe Elements: loaded only on this page, and only when the server is configured for Stripe. */
export default function StripeCardForm(props: {
  publishableKey: string;
  order: OrderToPay;
  onPaid: (id: string) => void;
}) {
  stripePromise ??= loadStripe(props.publishableKey);
  return (
    <Elements stripe={stripePromise}>
      <CardForm order={props.order} onPaid={props.onPaid} />
    </Elements>
  );
}

function CardForm({ order, onPaid }: { order: OrderToPay; onPaid: (id: string) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const clientSecret = await createPaymentIntent(order);
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      // An intent confirmed before (a second click, another tab) is refused by Stripe.js: the server knows.
      if (result.error && result.error.code !== "payment_intent_unexpected_state") {
        setError(result.error.message ?? "The payment failed.");
      } else {
        // The card is authorized; only the server marks the order paid (and then captures the payment).
        const paid = await reconcilePayment(order);
        onPaid(paid.transactionId);
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      <fieldset className="rounded-box border border-base-300 p-4">
        <legend className="px-1 text-sm font-medium">Card</legend>
        <CardElement options={{ hidePostalCode: true }} />
      </fieldset>
      {error && (
        <p className="text-sm font-medium text-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={!stripe || busy}>
        Pay {formatPrice(amountToPay(order))}
      </button>
    </form>
  );
}
