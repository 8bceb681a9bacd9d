import {
  centsToDollars,
  MESSAGES,
  ORDER_MIN_QUANTITY,
  type ProductBody,
  type ProductInput,
  STOCK_MAX,
  UNIT_PRICE_MAX_CENTS,
} from "@forgeline/contract";
import { Field, TextAreaField } from "../../components/field";
import { ImageUpload } from "../../components/image-upload";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { useAddProduct } from "./api/add-product";
import { answerErrors, SellingTermsFields, type TermsForm, termsBody, termsFormOf } from "./selling-terms-form";

type AddProductForm = Omit<ProductInput, "sku" | "quantityRule" | "tiers"> & TermsForm;

const empty: AddProductForm = {
  name: "",
  price: "",
  quantity: "",
  description: "",
  image: "",
  ...termsFormOf(),
};

/** The form's values as POST /api/product takes them. */
function bodyOf({ sku, tiers, ...form }: AddProductForm): ProductInput {
  const { name, price, quantity, description, image } = form;
  return { name, price, quantity, description, image, ...termsBody({ ...form, sku, tiers }) };
}

export default function AddProductPage() {
  const addProduct = useAddProduct();
  const form = useCheckedForm<AddProductForm, ProductBody>(empty, async () => {
    const { schemaCheck, newProductSchema } = await import("../../lib/form-checks");
    const check = schemaCheck(newProductSchema);
    return (values) => {
      const result = check(bodyOf(values));
      return result.ok ? result : { ok: false, errors: result.errors as FormErrors<AddProductForm> };
    };
  });
  const { errors, isSubmitting } = form;
  const image = form.control("image");

  const submit = form.handleSubmit(async (product) => {
    try {
      await addProduct.mutateAsync(product);
      notify("success", MESSAGES.productAdded);
      form.reset(empty);
    } catch (error) {
      const found = answerErrors(error);
      if (found) form.showErrors(found);
      notify("error", error instanceof ApiError && found ? error.message : MESSAGES.productAddFailed);
    }
  });

  return (
    <section aria-labelledby="add-product-heading" className="max-w-xl">
      <h1 id="add-product-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Add Product
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" error={errors.name} {...form.register("name")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Price per piece ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={centsToDollars(UNIT_PRICE_MAX_CENTS)}
            error={errors.price}
            {...form.register("price")}
          />
          <Field
            label="Quantity in stock"
            type="number"
            inputMode="numeric"
            step="1"
            min={ORDER_MIN_QUANTITY}
            max={STOCK_MAX}
            error={errors.quantity}
            {...form.register("quantity")}
          />
        </div>
        <SellingTermsFields
          register={form.register}
          tiers={form.control("tiers")}
          errors={errors}
          skuHint="Made from the name when left empty"
        />
        <ImageUpload
          label="Picture"
          value={String(image.value ?? "")}
          onChange={image.onChange}
          track={image.track}
          error={errors.image}
        />
        <TextAreaField label="Description" error={errors.description} {...form.register("description")} />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          Add Product
        </button>
      </form>
    </section>
  );
}
