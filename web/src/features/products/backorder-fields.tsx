import { BACKORDER_LEAD_DAYS, type Product } from "@forgeline/contract";
import type { ChangeEvent } from "react";
import { Field } from "../../components/field";

/** Backorders as the edit form holds them (docs/STOCK.md, 'Backorders'): the typed day and days are text. */
export type BackordersForm = {
  backordersAllowed: boolean;
  "backorders.expectedAt": string;
  "backorders.leadDays": string;
};

export const backordersFormOf = (product: Product): BackordersForm => ({
  backordersAllowed: product.backorders?.allowed ?? false,
  "backorders.expectedAt": product.backorders?.expectedAt ?? "",
  "backorders.leadDays": product.backorders?.leadDays == null ? "" : String(product.backorders.leadDays),
});

/** The settings as PATCH /api/product/{id} takes them: an empty day or lead time is none. */
export function backordersBody(form: BackordersForm) {
  const day = form["backorders.expectedAt"].trim();
  const days = form["backorders.leadDays"].trim();
  return { allowed: form.backordersAllowed, expectedAt: day || null, leadDays: days === "" ? null : Number(days) };
}

type Registered = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
};

/** Whether the tool sells above its stock, and when more comes: a day, or else a lead time in days. */
export function BackorderFields({
  allowed,
  onAllowed,
  expectedAt,
  leadDays,
  errors,
}: {
  allowed: boolean;
  onAllowed: (allowed: boolean) => void;
  expectedAt: Registered;
  leadDays: Registered;
  errors: { expectedAt?: string | undefined; leadDays?: string | undefined };
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Backorders</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="backordersAllowed"
          className="size-5 accent-primary"
          checked={allowed}
          onChange={(event) => onAllowed(event.target.checked)}
        />
        Take orders above the stock (the rest waits for a receipt)
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="More expected by" type="date" error={errors.expectedAt} {...expectedAt} />
        <Field
          label="Or lead time in days"
          type="number"
          inputMode="numeric"
          step="1"
          min={BACKORDER_LEAD_DAYS.min}
          max={BACKORDER_LEAD_DAYS.max}
          error={errors.leadDays}
          {...leadDays}
        />
      </div>
      <p className="text-sm text-base-content/80">
        Buyers see what ships now and when the rest comes: the date when you give one, else the lead time.
      </p>
    </fieldset>
  );
}
