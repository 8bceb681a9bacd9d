import { type Quote, quoteTitle } from "@forgeline/contract";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DeliveryFields, useDeliveryForm } from "../../components/delivery-fields";
import { Link } from "../../components/link";
import { NotFound } from "../../components/not-found";
import { PaymentChoice, usePaymentChoice } from "../../components/payment-choice";
import { PricedLines } from "../../components/priced-order";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { Spinner } from "../../components/spinner";
import { quotePaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { errorMessage, notify } from "../../lib/toast";
import { downloadQuote, useAcceptQuote, useDeclineQuote, useQuote } from "./api/quotes";
import { QuoteFacts, QuotePdfButton, RequestedLines } from "./quote-parts";

/**
 * /dashboard/quotes/:id (customers; docs/SELLING-TO-BUSINESSES.md, 'Quotes'): one quote, its lines as asked or as
 * priced, the shop's note and expiry; once priced, the buyer accepts it with where the order goes (the checkout's own
 * fields) and pays the quoted total next, or declines it. Another's quote, or none, is the 404 page.
 */
export default function QuotePage() {
  const { id = "" } = useParams();
  const quote = useQuote(id);
  if (quote.isPending) return <Spinner label="Loading the quote" />;
  if (quote.isError) {
    if (endsSignIn(quote.error)) return <SignOutToLogin />;
    if (quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400))
      return <NotFound />;
    return (
      <p role="alert" className="alert alert-error alert-soft">
        We could not load this quote: {quote.error.message}
      </p>
    );
  }
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: Quote }) {
  return (
    <section aria-labelledby="quote-heading" className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link className="link text-sm" to={quotePaths.quotes}>
          Back to Quotes
        </Link>
        <h1 id="quote-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
          Quote for {quoteTitle(quote)}
        </h1>
      </div>
      <QuoteFacts quote={quote} />
      <QuotePdfButton quote={quote} download={downloadQuote} />
      <section aria-labelledby="quote-lines-heading">
        <h2 id="quote-lines-heading" className="mb-3 text-xl font-bold">
          Lines
        </h2>
        {quote.priced ? <PricedLines priced={quote.priced} label="Quote lines" /> : <RequestedLines quote={quote} />}
      </section>
      <Decision quote={quote} />
    </section>
  );
}

/**
 * What the caller can do now: wait, accept or decline a priced quote when its `actions` allow (a colleague
 * who did not ask it only reads it), or follow the order it became.
 */
function Decision({ quote }: { quote: Quote }) {
  if (quote.status === "requested")
    return (
      <p role="status" className="alert alert-info alert-soft">
        We are pricing this quote: you get a mail as soon as it is ready.
      </p>
    );
  if (quote.status === "accepted" && quote.orderId)
    return (
      <p>
        Accepted.{" "}
        <Link className="link link-primary" to={paths.myOrder(quote.orderId)}>
          See the order
        </Link>
      </p>
    );
  if (quote.status === "expired")
    return (
      <p role="status" className="alert alert-warning alert-soft">
        This quote has expired. Ask us again from your cart, or reply to our mail.
      </p>
    );
  if (!quote.actions.includes("accept:quote")) return null;
  return <AcceptForm quote={quote} />;
}

/**
 * Accept: where the order goes (the checkout's fields and checks) and, on account, how it is paid; then the
 * order's payment (or its page when it is on account or waits for an owner's approval). Decline: asked first in a
 * dialog.
 */
function AcceptForm({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const accept = useAcceptQuote(quote._id);
  const decline = useDeclineQuote(quote._id);
  const delivery = useDeliveryForm();
  const payment = usePaymentChoice();
  const { form } = delivery;
  const [refusal, setRefusal] = useState<string | null>(null);
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
      setRefusal(errorMessage(error));
    }
  });

  async function declineQuote() {
    setRefusal(null);
    try {
      await decline.mutateAsync();
      notify("success", "Quote declined");
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {refusal && (
        <p role="alert" className="alert alert-error alert-soft">
          {refusal}
        </p>
      )}
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
        <PaymentChoice choice={payment} />
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || accept.isPending}>
          Accept and place the order
        </button>
      </form>
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
