import { PROMOTION_LIMITS, type Promotion, type PromotionBody, type PromotionInput } from "@forgeline/contract";
import { useState } from "react";
import { Field } from "../../components/field";
import { FormRefusal } from "../../components/form-refusal";
import { notify, refusedFields } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { useAddPromotion } from "./api/add-promotion";
import { useUpdatePromotion } from "./api/update-promotion";
import { isoFromInput, localInputValue } from "./describe-promotion";

/** The browser's hints; the schema, loaded with the first check, decides. */
const LIMITS = PROMOTION_LIMITS;

/** The form's fields as typed. */
const FIELDS = ["name", "percent", "firstOrder", "minPieces", "startsAt", "endsAt"] as const;
type PromotionFields = {
  name: string;
  percent: string;
  firstOrder: boolean;
  minPieces: string;
  startsAt: string;
  endsAt: string;
};

function formOf(promotion: Promotion | null): PromotionFields {
  return {
    name: promotion?.name ?? "",
    percent: promotion ? String(promotion.percent) : "",
    firstOrder: promotion?.firstOrder ?? false,
    minPieces: promotion?.minPieces ? String(promotion.minPieces) : "",
    startsAt: localInputValue(promotion?.startsAt ?? null),
    endsAt: localInputValue(promotion?.endsAt ?? null),
  };
}

/** The form's values as the API's body takes them: numbers, null for an empty limit, ISO dates. */
function bodyOf(form: PromotionFields): PromotionInput {
  return {
    name: form.name,
    // No number: the schema says it is required.
    percent: (form.percent.trim() === "" ? undefined : Number(form.percent)) as number,
    firstOrder: form.firstOrder,
    minPieces: form.minPieces.trim() === "" ? null : Number(form.minPieces),
    startsAt: isoFromInput(form.startsAt),
    endsAt: isoFromInput(form.endsAt),
  };
}

/**
 * Start a promotion, or edit `promotion`: name, percent (1-90), first order only, minimum pieces, start and
 * end. Checked by the contract's schema (the one the server parses the body with); the messages of a 400
 * show beside their fields.
 */
export function PromotionForm({ promotion, onDone }: { promotion: Promotion | null; onDone: () => void }) {
  const add = useAddPromotion();
  const update = useUpdatePromotion();
  const form = useCheckedForm<PromotionFields, PromotionBody>(formOf(promotion), async () => {
    const { schemaCheck, promotionBodySchema } = await import("../../lib/form-checks");
    const check = schemaCheck(promotionBodySchema);
    return (values) => {
      const result = check(bodyOf(values));
      return result.ok ? result : { ok: false, errors: result.errors as FormErrors<PromotionFields> };
    };
  });
  const { errors, isSubmitting } = form;
  const firstOrder = form.control("firstOrder");
  const heading = promotion ? `Edit ${promotion.name}` : "Start a promotion";

  // A refusal no field shows (a 409, a 403, no answer) stands beside the button.
  const [refusal, setRefusal] = useState<unknown>(null);

  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      if (promotion) {
        const { active: _active, ...patch } = body;
        await update.mutateAsync({ id: promotion._id, patch });
        notify("success", `Promotion: ${body.name} is updated`);
      } else {
        await add.mutateAsync(body);
        notify("success", `Promotion: ${body.name} is started`);
      }
      form.reset(formOf(null));
      onDone();
    } catch (error) {
      const found = refusedFields(error);
      if (found) form.showErrors(found);
      setRefusal(error);
    }
  });

  return (
    <section aria-labelledby="promotion-form-heading" className="max-w-xl">
      <h2 id="promotion-form-heading" className="mb-3 text-xl font-bold">
        {heading}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" maxLength={LIMITS.nameMax} error={errors.name} {...form.register("name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Percent off"
            type="number"
            inputMode="numeric"
            step="1"
            min={LIMITS.percentMin}
            max={LIMITS.percentMax}
            error={errors.percent}
            {...form.register("percent")}
          />
          <Field
            label="Minimum pieces (optional)"
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
            error={errors.minPieces}
            {...form.register("minPieces")}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="checkbox"
            checked={Boolean(firstOrder.value)}
            onChange={(event) => firstOrder.onChange(event.target.checked)}
          />
          First order only
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Starts (optional)"
            type="datetime-local"
            error={errors.startsAt}
            {...form.register("startsAt")}
          />
          <Field label="Ends (optional)" type="datetime-local" error={errors.endsAt} {...form.register("endsAt")} />
        </div>
        <FormRefusal error={refusal} fields={FIELDS} />
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {promotion ? "Save changes" : "Start promotion"}
          </button>
          {promotion && (
            <button type="button" className="btn" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
