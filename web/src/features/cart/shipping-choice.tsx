import type { ShippingPreference } from "@forgeline/contract";

const CHOICES: { value: ShippingPreference; label: string; hint: string }[] = [
  { value: "as-available", label: "Ship what is ready now", hint: "the rest follows when it comes in" },
  { value: "complete", label: "Ship everything together", hint: "once every line is in stock" },
];

/**
 * How an order with lines that wait for stock leaves (docs/STOCK.md, 'Backorders'): shown only when a line waits,
 * since otherwise everything ships at once either way.
 */
export function ShippingChoice({
  value,
  onChange,
}: {
  value: ShippingPreference;
  onChange: (value: ShippingPreference) => void;
}) {
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Some pieces are not in stock yet: how should we ship?</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-start gap-2 text-sm text-base-content">
          <input
            type="radio"
            className="size-5 accent-primary"
            name="shipping"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            {choice.label} <span className="text-base-content/80">({choice.hint})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
