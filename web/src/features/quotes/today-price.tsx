import { formatPrice, type QuotePreview, type TodayLine, type TodayPrice } from "@forgeline/contract";
import { useId } from "react";
import { promotionLabel } from "../../components/priced-order";

/**
 * What a quote's lines would cost the buyer today, beside the prices an admin sets
 * (docs/decisions/036-quotes-beside-todays-price.md). Every figure is the server's.
 */

/** Why a line costs what it does today: "200+ tier", "contract price", "list price". */
export function todaySource(line: Pick<TodayLine, "priceSource" | "tierFrom">): string {
  if (line.priceSource === "tier" && line.tierFrom !== null) return `${line.tierFrom}+ tier`;
  if (line.priceSource === "contract") return "contract price";
  return "list price";
}

/** "Today: $8.00 each (200+ tier)", beside a line's price field. */
export function TodayUnit({ line }: { line: TodayLine | undefined }) {
  if (!line) return null;
  return (
    <p className="py-2 text-sm">
      Today: <strong>{formatPrice(line.unitPrice)}</strong> each ({todaySource(line)})
    </p>
  );
}

/** The quote's total as typed beside the buyer's total today, and what today's total takes into account. */
export function AgainstToday({ today, preview }: { today: TodayPrice | null; preview: QuotePreview | undefined }) {
  const headingId = useId();
  const taxed = (today ?? preview?.quoted)?.taxRate ?? 0;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-3">
      <h3 id={headingId} className="mb-2 font-bold">
        This quote against today's price
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        <dt className="text-base-content/80">This quote's total</dt>
        <dd className="text-right" data-testid="quote-total">
          {preview ? formatPrice(preview.quoted.total) : "Price every line"}
        </dd>
        <dt className="text-base-content/80">What the buyer would pay today</dt>
        <dd className="text-right font-bold" data-testid="today-total">
          {today ? formatPrice(today.total) : "Not known"}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-base-content/80">
        {today
          ? [
              "Today's total is the buyer's cart for these lines",
              today.promotion ? `, after ${promotionLabel(today.promotion)}` : "",
              taxed > 0 ? `; both totals include tax (${taxed}%)` : "",
              ".",
            ].join("")
          : "A tool of this quote has left the catalogue, so the buyer could not order these lines today."}
      </p>
    </section>
  );
}

/** Asked before a quote dearer than today's total is sent. */
export const CONFIRM_DEARER = "Tick the box to send a quote dearer than today's price, or lower the prices";

/** The checkbox an admin ticks to send a quote dearer than what the buyer would pay today. */
export function DearerConfirm({
  preview,
  checked,
  error,
  onChange,
}: {
  preview: QuotePreview;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const errorId = useId();
  const quoted = formatPrice(preview.quoted.total);
  const today = formatPrice(preview.today?.total ?? 0);
  return (
    <div>
      {/* One child, so that the alert's grid stacks the sentence and the box at every width. */}
      <div className="alert alert-warning">
        <div className="flex flex-col gap-2">
          <p>
            This quote comes to {quoted}: the buyer would pay {today} for these lines today.
          </p>
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={checked}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange(event.target.checked)}
            />
            Send it at {quoted}, dearer than today's {today}
          </label>
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
