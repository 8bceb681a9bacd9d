import { describeRule, isAllowedQuantity, type QuantityRule, quantityRefusal } from "@forgeline/contract";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { limitsFor } from "../../lib/quantity-limits";

/**
 * A line's quantity: minus and plus move by the rule's step and stop at its ends (the top within the
 * stock); the field takes only an allowed quantity and says why it refuses another, naming the nearest
 * allowed ones. A change is sent on Enter or when the field is left; the buttons keep the focus at the ends
 * (they say they are unavailable rather than losing it).
 */
export function QuantityStepper({
  name,
  rule,
  stock,
  takesBackorders = false,
  quantity,
  serverError,
  busy,
  revision,
  onChange,
}: {
  /** The tool's name, for the controls' accessible names. */
  name: string;
  rule: QuantityRule;
  stock: number;
  /** The tool sells above its stock: the rest waits (docs/STOCK.md, 'Backorders'). */
  takesBackorders?: boolean | undefined;
  /** The quantity as the server has it. */
  quantity: number;
  /** The server's refusal of the last change, shown beside the field. */
  serverError: string | undefined;
  /** A change of this line is on its way. */
  busy: boolean;
  /** Changes each time a change of this line is answered, so the field shows the server's quantity again. */
  revision: string;
  onChange: (quantity: number) => void;
}) {
  const id = useId();
  const limits = limitsFor(rule, takesBackorders ? Number.POSITIVE_INFINITY : stock);
  const [typed, setTyped] = useState(String(quantity));
  const [refusal, setRefusal] = useState<string | null>(null);

  // What the server answered shows once no change of this line is on its way (a refused change included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` marks an answer that left `quantity` as it was
  useEffect(() => {
    if (!busy) setTyped(String(quantity));
  }, [quantity, busy, revision]);

  const shown = Number(typed);
  const current = isAllowedQuantity(limits, shown) ? shown : quantity;
  const canLower = current - rule.step >= limits.min;
  const canRaise = current + rule.step <= limits.max;

  function send(next: number) {
    setTyped(String(next));
    setRefusal(null);
    if (next !== quantity) onChange(next);
  }

  function commit() {
    const next = typed.trim() === "" ? Number.NaN : Number(typed);
    if (next === quantity && refusal === null) return;
    const why = quantityRefusal(limits, next);
    if (why) setRefusal(stock < rule.max && next > limits.max ? `${why} (${stock} in stock)` : why);
    else send(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    }
  }

  const message = refusal ?? serverError;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Quantity<span className="sr-only"> of {name}</span>
      </label>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn btn-sm btn-square"
          aria-label={`${rule.step} fewer pieces of ${name}`}
          aria-disabled={!canLower}
          onClick={() => canLower && send(current - rule.step)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`input input-sm w-24 text-right ${message ? "input-error" : ""}`}
          min={limits.min}
          max={limits.max}
          step={rule.step}
          value={typed}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn-sm btn-square"
          aria-label={`${rule.step} more pieces of ${name}`}
          aria-disabled={!canRaise}
          onClick={() => canRaise && send(current + rule.step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={hintId} className="text-xs text-base-content/80">
        {describeRule(rule)} · {stock} in stock{takesBackorders ? ", more to come" : ""}
      </p>
      {message && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
