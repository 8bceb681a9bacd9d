import type { Quote } from "@forgeline/contract";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DeliveryFields, useDeliveryForm } from "../../components/delivery-fields";
import { PaymentChoice, usePaymentChoice } from "../../components/payment-choice";
import { RefusalBeside } from "../../components/refusal-beside";
import { useNavigate } from "../../lib/router";
import { errorMessage, notify } from "../../lib/toast";
import { useAcceptQuote, useDeclineQuote } from "./api/quotes";

/**
 * Accept: where the order goes (the checkout's fields and checks) and, on account, how it is paid; then the
 * order's payment (or its page when it is on account or waits for an owner's approval). Decline: asked first in a
 * dialog.
 */
export function AcceptForm({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const accept = useAcceptQuote(quote._id);
  const decline = useDeclineQuote(quote._id);
  const delivery = useDeliveryForm();
  const payment = usePaymentChoice();
  const { form } = delivery;
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  const [declineRefusal, setDeclineRefusal] = useState<{ message: string } | null>(null);
  const [asking, setAsking] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      // The revision read here: prices the shop sent since come back as a 409, and the quote refetches.
      const placed = await accept.mutateAsync({ ...values, ...payment.body, revision: quote.revision });
      const { message, to } = payment.next(placed, "Quote accepted: your order is placed");
      notify("success", message);
      navigate(to);
    } catch (error) {
      if (delivery.showRefusal(error)) return;
      setRefusal({ message: errorMessage(error) });
    }
  });

  async function declineQuote() {
    setDeclineRefusal(null);
    try {
      await decline.mutateAsync();
      notify("success", "Quote declined");
    } catch (error) {
      setDeclineRefusal({ message: errorMessage(error) });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <form
        noValidate
        aria-labelledby="accept-heading"
        className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
        onSubmit={submit}
      >
        <h2 id="accept-heading" className="text-xl font-bold">
          Accept this quote
        </h2>
        <p className="text-sm">
          {payment.terms
            ? "You pay the quoted total by card once the order is placed, or by invoice on account."
            : "You pay the quoted total once the order is placed."}
        </p>
        <DeliveryFields delivery={delivery} />
        <PaymentChoice choice={payment} total={quote.priced?.total ?? 0} />
        <RefusalBeside refusal={refusal} message={refusal?.message ?? ""} />
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || accept.isPending}>
          Accept and place the order
        </button>
      </form>
      {quote.actions.includes("decline:quote") && (
        <RefusalBeside refusal={declineRefusal} message={declineRefusal?.message ?? ""} />
      )}
      {quote.actions.includes("decline:quote") && (
        <button
          type="button"
          className="btn btn-outline btn-error self-start"
          disabled={decline.isPending}
          onClick={() => setAsking(true)}
        >
          Decline this quote
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="Decline this quote?"
          confirmLabel="Decline quote"
          dismissLabel="Keep quote"
          onConfirm={() => void declineQuote()}
          onClose={() => setAsking(false)}
        >
          Nothing is ordered. You can ask for a new quote from your cart.
        </ConfirmDialog>
      )}
    </div>
  );
}
