import { type Quote, quoteTitle } from "@forgeline/contract";
import { lazy, Suspense } from "react";
import { Link } from "../../components/link";
import { NotFound } from "../../components/not-found";
import { PricedLines } from "../../components/priced-order";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { Spinner } from "../../components/spinner";
import { quotePaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useParams } from "../../lib/router";
import { downloadQuote, useQuote } from "./api/quotes";
import { QuoteFacts, QuotePdfButton, RequestedLines } from "./quote-parts";

// Loaded with a quote the caller may accept: reading a quote, or one that is not there, carries no form code.
const AcceptForm = lazy(() => import("./accept-form").then((module) => ({ default: module.AcceptForm })));

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
  return (
    <Suspense fallback={null}>
      <AcceptForm quote={quote} />
    </Suspense>
  );
}
