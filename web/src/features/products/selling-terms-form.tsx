import {
  centsToDollars,
  DEFAULT_QUANTITY_RULE,
  MAX_TIERS,
  type PriceTier,
  type Product,
  type QuantityRule,
  RULE_MAX_PIECES,
  UNIT_PRICE_MAX_CENTS,
} from "@forgeline/contract";
import type { ChangeEvent, ComponentProps } from "react";
import { Field } from "../../components/field";
import { ApiError } from "../../lib/api-client";
import { refusedFields } from "../../lib/toast";
import type { FormErrors } from "../../lib/use-checked-form";

/** A volume tier as typed. */
export type TierRow = {
  minQuantity: string;
  unitPrice: string;
};

/**
 * A product's selling terms as the Add Product page and the Edit dialog hold them (docs/SELLING-TO-BUSINESSES.md, 'SKU,
 * quantity rule and volume tiers'): the SKU, the quantity rule and the volume tiers, as typed. The rule's fields are
 * named by their path in the API's body, so the schema's and a 400 answer's field names ("quantityRule.max",
 * "tiers.1.unitPrice") are the form's own.
 */
export type TermsForm = {
  sku: string;
  "quantityRule.min": string;
  "quantityRule.max": string;
  "quantityRule.step": string;
  tiers: TierRow[];
};

/** The terms of `product` as the form shows them; SPEC.md's band and no tiers for a new one. */
export function termsFormOf(product?: Pick<Product, "sku" | "quantityRule" | "tiers">): TermsForm {
  const rule = product?.quantityRule ?? DEFAULT_QUANTITY_RULE;
  return {
    sku: product?.sku ?? "",
    "quantityRule.min": String(rule.min),
    "quantityRule.max": String(rule.max),
    "quantityRule.step": String(rule.step),
    tiers: (product?.tiers ?? []).map((tier) => ({
      minQuantity: String(tier.minQuantity),
      unitPrice: String(tier.unitPrice),
    })),
  };
}

/** Typed text as the number the API takes; an empty field is no number (the schema says it is required). */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** The terms as the API's body takes them; an empty SKU is left out (the server makes one from the name). */
export function termsBody(form: TermsForm): { sku?: string; quantityRule: QuantityRule; tiers: PriceTier[] } {
  const sku = form.sku.trim();
  return {
    ...(sku && { sku }),
    quantityRule: {
      min: numberOf(form["quantityRule.min"]),
      max: numberOf(form["quantityRule.max"]),
      step: numberOf(form["quantityRule.step"]),
    } as QuantityRule,
    tiers: form.tiers.map((tier) => ({
      minQuantity: numberOf(tier.minQuantity),
      unitPrice: numberOf(tier.unitPrice),
    })) as PriceTier[],
  };
}

/**
 * The messages of a refused save by field, to show beside the fields they name: a 400's field errors
 * ("quantityRule.max", "tiers.1.unitPrice"), or a taken SKU (409); null for any other failure.
 */
export function answerErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && error.status === 409) return { sku: error.message };
  return refusedFields(error);
}

type InputProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
};

const wholeNumber = { type: "number", inputMode: "numeric", step: "1", min: 1, max: RULE_MAX_PIECES } as const;

/**
 * The SKU, the quantity rule (min, max, step) and up to five tiers (from pieces, unit price) with buttons
 * to add and remove a row; each message beside its field.
 */
export function SellingTermsFields({
  register,
  tiers,
  errors,
  skuHint,
}: {
  register: (name: "sku" | "quantityRule.min" | "quantityRule.max" | "quantityRule.step") => InputProps;
  tiers: { value: TierRow[]; onChange: (rows: TierRow[]) => void };
  errors: FormErrors<TermsForm>;
  skuHint?: string;
}) {
  const rows = tiers.value;
  const change = (index: number, part: keyof TierRow, value: string) =>
    tiers.onChange(rows.map((row, at) => (at === index ? { ...row, [part]: value } : row)));
  return (
    <>
      <Field label="SKU" placeholder={skuHint} maxLength={32} error={errors.sku} {...register("sku")} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Pieces per order</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Minimum pieces"
            {...wholeNumber}
            error={errors["quantityRule.min"]}
            {...register("quantityRule.min")}
          />
          <Field
            label="Maximum pieces"
            {...wholeNumber}
            error={errors["quantityRule.max"]}
            {...register("quantityRule.max")}
          />
          <Field label="Step" {...wholeNumber} error={errors["quantityRule.step"]} {...register("quantityRule.step")} />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Volume prices (up to {MAX_TIERS})</legend>
        {errors.tiers && (
          <p className="text-sm text-error" role="alert">
            {errors.tiers}
          </p>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list
          <div key={index} className="grid items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <Field
              label={`Tier ${index + 1}: from pieces`}
              {...wholeNumber}
              value={row.minQuantity}
              onChange={(event) => change(index, "minQuantity", event.target.value)}
              error={errors[`tiers.${index}.minQuantity`]}
            />
            <Field
              label={`Tier ${index + 1}: unit price ($)`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              value={row.unitPrice}
              onChange={(event) => change(index, "unitPrice", event.target.value)}
              error={errors[`tiers.${index}.unitPrice`]}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm sm:mt-6"
              aria-label={`Remove tier ${index + 1}`}
              onClick={() => tiers.onChange(rows.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </div>
        ))}
        {rows.length < MAX_TIERS && (
          <button
            type="button"
            className="btn btn-sm self-start"
            onClick={() => tiers.onChange([...rows, { minQuantity: "", unitPrice: "" }])}
          >
            Add a tier
          </button>
        )}
      </fieldset>
    </>
  );
}

/** A tool's price per piece in dollars, within the contract's ceiling (Add Product and Edit share it). */
export function PriceField(props: Omit<ComponentProps<typeof Field>, "label">) {
  return (
    <Field
      label="Price per piece ($)"
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0.01"
      max={centsToDollars(UNIT_PRICE_MAX_CENTS)}
      {...props}
    />
  );
}
