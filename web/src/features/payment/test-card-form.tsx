import { formatPrice } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { errorMessage } from "../../lib/toast";
import { confirmTestPayment } from "./api/confirm-test-payment";
import { createPaymentIntent } from "./api/create-payment-intent";
import { amountToPay, type OrderToPay } from "./order-to-pay";

const groupsOfFour = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
const monthYear = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** The built-in test provider's card form: Stripe's test cards work, nothing is charged. */
export function TestCardForm({ order, onPaid }: { order: OrderToPay; onPaid: (transactionId: string) => void }) {
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const clientSecret = await createPaymentIntent(order);
      const result = await confirmTestPayment({ clientSecret, cardNumber, expiry, cvc });
      onPaid(result.transactionId);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={pay} className="flex flex-col gap-4">
      <p className="alert alert-info alert-soft text-sm" role="note">
        Test mode: no money moves. 4242 4242 4242 4242 pays (any future expiry, any CVC); 4000 0000 0000 0002 is
        declined.
      </p>
      <Field
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={cardNumber}
        onChange={(event) => setCardNumber(groupsOfFour(event.target.value))}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          onChange={(event) => setExpiry(monthYear(event.target.value))}
        />
        <Field
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, "").slice(0, 4))}
        />
      </div>
      {error && (
        <p className="text-sm font-medium text-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Pay {formatPrice(amountToPay(order))}
      </button>
    </form>
  );
}
