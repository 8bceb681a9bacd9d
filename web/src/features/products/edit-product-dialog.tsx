import {
  lowStockThresholdOf,
  type Product,
  type ProductEditInput,
  type ProductPatch,
  STOCK_MAX,
} from "@forgeline/contract";
import { useState } from "react";
import { Field, TextAreaField } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal } from "../../components/form-refusal";
import { ImageUpload } from "../../components/image-upload";
import { notify } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { useUpdateProduct } from "./api/update-product";
import { BackorderFields, type BackordersForm, backordersBody, backordersFormOf } from "./backorder-fields";
import {
  answerErrors,
  PriceField,
  SellingTermsFields,
  type TermsForm,
  termsBody,
  termsFormOf,
} from "./selling-terms-form";

/** The low-stock threshold as typed: empty for the default (twice the rule's minimum). */
type EditForm = ProductEditInput & TermsForm & BackordersForm & { lowStockThreshold: string };

/** The threshold as the API takes it: null for an empty field (the default), else the typed number. */
const thresholdBody = (text: string) => (text.trim() === "" ? null : Number(text));

/**
 * Edit a product's name, price, description, picture, selling terms (SKU, quantity rule, volume tiers) and
 * low-stock threshold (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'), with the rules of the contract's
 * PATCH schema, and the terms checked together with the price as the server checks them (sellingTermsProblems).
 */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const update = useUpdateProduct();
  const form = useCheckedForm<EditForm, ProductPatch>(
    {
      name: product.name,
      price: product.price,
      description: product.description,
      image: product.image,
      ...termsFormOf(product),
      lowStockThreshold: product.lowStockThreshold == null ? "" : String(product.lowStockThreshold),
      ...backordersFormOf(product),
    },
    async () => {
      const { schemaCheck, productPatchSchema, sellingTermsProblems } = await import("../../lib/form-checks");
      const check = schemaCheck(productPatchSchema);
      return ({
        name,
        price,
        description,
        image,
        lowStockThreshold,
        backordersAllowed,
        "backorders.expectedAt": expectedAt,
        "backorders.leadDays": leadDays,
        ...terms
      }) => {
        const result = check({
          name,
          price,
          description,
          image,
          ...termsBody(terms),
          lowStockThreshold: thresholdBody(lowStockThreshold),
          backorders: backordersBody({
            backordersAllowed,
            "backorders.expectedAt": expectedAt,
            "backorders.leadDays": leadDays,
          }),
        });
        if (!result.ok) return { ok: false, errors: result.errors as FormErrors<EditForm> };
        const patch = result.data;
        const problems = sellingTermsProblems({
          price: patch.price ?? product.price,
          quantityRule: patch.quantityRule ?? product.quantityRule,
          tiers: patch.tiers ?? product.tiers,
        });
        if (problems.length === 0) return result;
        return { ok: false, errors: Object.fromEntries(problems.map((problem) => [problem.field, problem.message])) };
      };
    },
  );
  const { errors, isSubmitting } = form;
  // A refusal no field shows (a SKU taken meanwhile, a 403, no answer) stands beside Save changes.
  const [refusal, setRefusal] = useState<unknown>(null);
  const image = form.control("image");
  const backordersAllowed = form.control("backordersAllowed");
  const defaultThreshold = lowStockThresholdOf(product.quantityRule, null);

  return (
    <FormDialog title={`Edit ${product.name}`} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(async (patch) => {
            setRefusal(null);
            try {
              await update.mutateAsync({ id: product._id, patch });
              notify("success", `Product: ${patch.name} is updated`);
              close();
            } catch (error) {
              const found = answerErrors(error);
              if (found) form.showErrors(found);
              else setRefusal(error);
            }
          })}
        >
          <Field label="Name" error={errors.name} {...form.register("name")} />
          <PriceField error={errors.price} {...form.register("price")} />
          <SellingTermsFields register={form.register} tiers={form.control("tiers")} errors={errors} />
          <div>
            <Field
              label="Low-stock threshold"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              max={STOCK_MAX}
              placeholder={`Default: ${defaultThreshold}`}
              error={errors.lowStockThreshold}
              {...form.register("lowStockThreshold")}
            />
            <p className="mt-1 text-sm text-base-content/80">
              The overview lists the tool when its stock falls below this. Empty: twice the minimum pieces (
              {defaultThreshold} now); 0: never.
            </p>
          </div>
          <BackorderFields
            allowed={backordersAllowed.value}
            onAllowed={backordersAllowed.onChange}
            expectedAt={form.register("backorders.expectedAt")}
            leadDays={form.register("backorders.leadDays")}
            errors={{ expectedAt: errors["backorders.expectedAt"], leadDays: errors["backorders.leadDays"] }}
          />
          <ImageUpload label="Picture" control={image} error={errors.image} />
          <TextAreaField label="Description" error={errors.description} {...form.register("description")} />
          <p className="text-sm text-base-content/80">
            Orders already placed keep the name and prices they were placed with.
          </p>
          <FormRefusal error={refusal} fields={[]} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              Save changes
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
