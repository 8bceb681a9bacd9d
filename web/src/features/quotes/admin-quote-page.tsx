import {
  type AdminQuote,
  formatPrice,
  isWholeCents,
  QUOTE_LIMITS,
  type QuoteSendBody,
  quoteTitle,
} from "@forgeline/contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { Field, TextAreaField } from "../../components/field";
import { Link } from "../../components/link";
import { NotFound } from "../../components/not-found";
import { PricedTotals } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { quotePaths } from "../../config/dashboard-paths";
import { ApiError } from "../../lib/api-client";
import { localInputText } from "../../lib/date-text";
import { useParams } from "../../lib/router";
import { errorMessage, notify, refusedFields } from "../../lib/toast";
import { useDebounced } from "../../lib/use-debounced";
import { downloadAdminQuote, useAdminQuote, useQuotePreview, useSendQuote } from "./api/admin-quotes";
import { QuoteFacts, QuotePdfButton } from "./quote-parts";
import { AgainstToday, CONFIRM_DEARER, DearerConfirm, TodayUnit } from "./today-price";

/** The server's words (contract/src/quote.ts), said before it has to. */
export const PRICE_ABOVE_ZERO = "The unit price must be more than $0";
export const EXPIRY_IN_FUTURE = "The expiry must be in the future";
const ENTER_PRICE = "Enter the unit price in dollars, such as 12.50";
const CHOOSE_EXPIRY = "Choose the last day the quote holds";
/** How long typed prices rest before the server prices them. */
export const PREVIEW_DELAY_MS = 300;

/** The quote holds until the end of the chosen day, in the admin's time zone. */
export function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59`);
}

type Errors = Partial<Record<string, string>>;

/** A typed unit price in dollars ("12.50", "$12.50"), or NaN. */
const typedPrice = (text: string) => {
  const typed = text.trim().replace(/^\$/, "");
  return typed ? Number(typed) : Number.NaN;
};

/** The typed prices as the server takes them, or null while one is not a price it would take. */
function pricedLines(quote: AdminQuote, prices: readonly string[]) {
  const lines = quote.lines.map((line, index) => ({
    productId: line.productId,
    unitPrice: typedPrice(prices[index] ?? ""),
  }));
  const usable = lines.every((line) => line.unitPrice > 0 && isWholeCents(line.unitPrice));
  return usable ? lines : null;
}

/**
 * /dashboard/quotes/:id (admins; docs/SELLING-TO-BUSINESSES.md, 'Quotes'): a quote's lines with a unit price each, the
 * last day it holds and a note to the buyer, sent in one step; sent again, it is a revision that replaces the last,
 * until the buyer accepts or declines. Prices above $0 and an expiry in the future are checked here and by the server
 * (its 400 beside the fields). Beside each price, what the buyer would pay for the line today and why; under the
 * lines, the quote's total as typed (priced by the server) beside today's total, and a box to tick before a quote
 * dearer than that is sent (docs/decisions/036-quotes-beside-todays-price.md).
 */
export default function AdminQuotePage() {
  const { id = "" } = useParams();
  const quote = useAdminQuote(id);
  if (endsSignIn(quote.error)) return <SignOutToLogin />;
  if (quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400))
    return <NotFound />;
  return (
    <QueryState query={quote} what="quote" isEmpty={() => false} empty={null}>
      {(found) => <PricingView key={`${found._id}-${found.revision}`} quote={found} />}
    </QueryState>
  );
}

function PricingView({ quote }: { quote: AdminQuote }) {
  // The answer's actions say whether it may still be priced: until the buyer decides.
  const decided = !quote.actions.includes("price:quote");
  return (
    <section aria-labelledby="admin-quote-heading" className="flex max-w-3xl flex-col gap-6">
      <div>
        <Link className="link text-sm" to={quotePaths.quotes}>
          Back to Quotes
        </Link>
        <h1 id="admin-quote-heading" className="mt-2 text-2xl font-bold sm:text-3xl">
          Quote for {quoteTitle(quote)}
        </h1>
      </div>
      <QuoteFacts quote={quote} />
      <QuotePdfButton quote={quote} download={downloadAdminQuote} />
      {decided ? (
        <p role="status" className="alert alert-info alert-soft">
          The buyer has {quote.status} this quote: it can no longer change.
        </p>
      ) : (
        <PricingForm quote={quote} />
      )}
      {quote.priced && (
        <section aria-labelledby="sent-heading" className="sm:self-end sm:min-w-72">
          <h2 id="sent-heading" className="mb-2 text-lg font-bold">
            As last sent
          </h2>
          <PricedTotals priced={quote.priced} />
        </section>
      )}
    </section>
  );
}

function PricingForm({ quote }: { quote: AdminQuote }) {
  const send = useSendQuote(quote._id);
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [prices, setPrices] = useState<string[]>(() =>
    quote.lines.map((line) => (line.unitPrice === null ? "" : String(line.unitPrice))),
  );
  const [expiry, setExpiry] = useState(() =>
    localInputText(quote.expiresAt ? new Date(quote.expiresAt) : new Date(Date.now() + 30 * 86_400_000), 10),
  );
  const [note, setNote] = useState(quote.shopNote ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The quoted total the admin agreed to send dearer than today's: another total asks again. */
  const [confirmedTotal, setConfirmedTotal] = useState<number | null>(null);
  const rested = useDebounced(prices, PREVIEW_DELAY_MS);
  const preview = useQuotePreview(quote._id, pricedLines(quote, rested));
  // The answer for the prices on screen, not for ones typed over since.
  const current = rested === prices && !preview.isPlaceholderData && !preview.isError ? preview.data : undefined;
  const dearer = current?.dearer ? current : undefined;
  const confirmed = dearer !== undefined && confirmedTotal === dearer.quoted.total;

  /** The body to send, or each field's message. */
  function check(): { ok: true; body: QuoteSendBody } | { ok: false; errors: Errors } {
    const found: Errors = {};
    const lines = quote.lines.map((line, index) => {
      const unitPrice = typedPrice(prices[index] ?? "");
      if (!Number.isFinite(unitPrice)) found[`lines.${index}.unitPrice`] = ENTER_PRICE;
      else if (unitPrice <= 0) found[`lines.${index}.unitPrice`] = PRICE_ABOVE_ZERO;
      return { productId: line.productId, unitPrice };
    });
    if (!expiry) found.expiresAt = CHOOSE_EXPIRY;
    else if (endOfDay(expiry).getTime() <= Date.now()) found.expiresAt = EXPIRY_IN_FUTURE;
    if (note.length > QUOTE_LIMITS.note) found.note = `A note has at most ${QUOTE_LIMITS.note} characters`;
    if (dearer && !confirmed) found.confirmDearer = CONFIRM_DEARER;
    if (Object.keys(found).length > 0) return { ok: false, errors: found };
    const body = { lines, expiresAt: endOfDay(expiry).toISOString(), note };
    return { ok: true, body: confirmed ? { ...body, confirmDearer: true } : body };
  }

  /** The first field in error takes the focus. */
  function showErrors(found: Errors) {
    setErrors(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const result = check();
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(result.body);
      notify("success", `Quote sent to ${quote.userEmail}`);
    } catch (error) {
      const found = refusedFields(error);
      if (found && Object.keys(found).some((field) => field !== "lines" && field in fieldNames(quote))) {
        showErrors(found);
        return;
      }
      setRefusal(errorMessage(error));
    }
  }

  const again = quote.status !== "requested";
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby={`${formId}-heading`}
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={`${formId}-heading`} className="text-xl font-bold">
        {again ? "Revise and send again" : "Price and send"}
      </h2>
      <ul aria-label="Lines to price" className="flex flex-col gap-3">
        {quote.lines.map((line, index) => (
          <li key={line.productId} className="rounded-box border border-base-300 p-3">
            <p className="font-medium">{line.name}</p>
            <p className="mb-2 text-sm text-base-content/80">
              <span className="font-mono whitespace-nowrap">{line.sku}</span>: {line.quantity} pieces, list price{" "}
              {formatPrice(line.listUnitPrice)}
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <Field
                label={`Unit price of ${line.name} ($)`}
                inputMode="decimal"
                autoComplete="off"
                className="max-w-xs"
                value={prices[index] ?? ""}
                error={errors[`lines.${index}.unitPrice`]}
                onChange={(event) =>
                  setPrices((typed) => typed.map((price, at) => (at === index ? event.target.value : price)))
                }
              />
              <TodayUnit line={quote.today?.lines[index]} />
            </div>
          </li>
        ))}
      </ul>
      {errors.lines && <p className="text-sm text-error">{errors.lines}</p>}
      <AgainstToday today={quote.today} preview={current} />
      {dearer && (
        <DearerConfirm
          preview={dearer}
          checked={confirmed}
          error={errors.confirmDearer}
          onChange={(checked) => {
            setConfirmedTotal(checked ? dearer.quoted.total : null);
            setErrors(({ confirmDearer: _, ...others }) => others);
          }}
        />
      )}
      <Field
        label="Valid until (the end of this day)"
        type="date"
        className="max-w-xs"
        value={expiry}
        error={errors.expiresAt}
        onChange={(event) => setExpiry(event.target.value)}
      />
      <TextAreaField
        label="Note to the buyer (optional)"
        rows={3}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      {refusal && (
        <p role="alert" className="alert alert-error alert-soft">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
        {again ? "Send revised quote" : "Send quote"}
      </button>
    </form>
  );
}

/** The fields a 400 may name on this form. */
function fieldNames(quote: AdminQuote): Record<string, true> {
  const names: Record<string, true> = { expiresAt: true, note: true };
  quote.lines.forEach((_, index) => {
    names[`lines.${index}.unitPrice`] = true;
  });
  return names;
}
