import { MESSAGES, ORDER_MIN_QUANTITY, type ProductBody, type ProductInput, STOCK_MAX } from "@forgeline/contract";
import { Field, TextAreaField } from "../../components/field";
import { FormPage } from "../../components/form-page";
import { ImageUpload } from "../../components/image-upload";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { useAddProduct } from "./api/add-product";
import {
  answerErrors,
  PriceField,
  SellingTermsFields,
  type TermsForm,
  termsBody,
  termsFormOf,
} from "./selling-terms-form";

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
    <FormPage
      id="add-product-heading"
      title="Add Product"
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel="Add Product"
    >
      <Field label="Name" error={errors.name} {...form.register("name")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField error={errors.price} {...form.register("price")} />
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
      <ImageUpload label="Picture" control={image} error={errors.image} />
      <TextAreaField label="Description" error={errors.description} {...form.register("description")} />
    </FormPage>
  );
}
