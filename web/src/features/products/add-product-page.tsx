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
import { notify } from "../../lib/toast";
import { useCheckedForm } from "../../lib/use-checked-form";
import { useAddProduct } from "./api/add-product";

const empty: ProductInput = { name: "", price: "", quantity: "", description: "", image: "" };

export default function AddProductPage() {
  const addProduct = useAddProduct();
  const form = useCheckedForm<ProductInput, ProductBody>(empty, async () => {
    const { schemaCheck, productBodySchema } = await import("../../lib/form-checks");
    return schemaCheck(productBodySchema);
  });
  const { errors, isSubmitting } = form;
  const image = form.control("image");

  const submit = form.handleSubmit(async (product) => {
    try {
      await addProduct.mutateAsync(product);
      notify("success", MESSAGES.productAdded);
      form.reset(empty);
    } catch {
      notify("error", MESSAGES.productAddFailed);
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
        <ImageUpload label="Picture" value={String(image.value ?? "")} onChange={image.onChange} error={errors.image} />
        <TextAreaField label="Description" error={errors.description} {...form.register("description")} />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          Add Product
        </button>
      </form>
    </section>
  );
}
