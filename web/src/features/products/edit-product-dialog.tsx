import {
  centsToDollars,
  type Product,
  type ProductEdit,
  type ProductEditInput,
  UNIT_PRICE_MAX_CENTS,
} from "@forgeline/contract";
import { Controller, useForm } from "react-hook-form";
import { Field, TextAreaField } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { ImageUpload } from "../../components/image-upload";
import { lazyResolver } from "../../lib/lazy-resolver";
import { notify } from "../../lib/toast";
import { useUpdateProduct } from "./api/update-product";

/** Edit a product's name, price, description and picture, with Add Product's rules (the contract's schema). */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const update = useUpdateProduct();
  const form = useForm<ProductEditInput, unknown, ProductEdit>({
    resolver: lazyResolver(async () => {
      const { zodResolver, productEditSchema } = await import("../../lib/form-checks");
      return zodResolver(productEditSchema);
    }),
    defaultValues: { name: product.name, price: product.price, description: product.description, image: product.image },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <FormDialog title={`Edit ${product.name}`} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(async (patch) => {
            try {
              await update.mutateAsync({ id: product._id, patch });
              notify("success", `Product: ${patch.name} is updated`);
              close();
            } catch (error) {
              notify("error", error instanceof Error ? error.message : String(error));
            }
          })}
        >
          <Field label="Name" error={errors.name?.message} {...form.register("name")} />
          <Field
            label="Price per piece ($)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            max={centsToDollars(UNIT_PRICE_MAX_CENTS)}
            error={errors.price?.message}
            {...form.register("price")}
          />
          <Controller
            control={form.control}
            name="image"
            render={({ field }) => (
              <ImageUpload
                label="Picture"
                value={String(field.value ?? "")}
                onChange={field.onChange}
                error={errors.image?.message}
              />
            )}
          />
          <TextAreaField label="Description" error={errors.description?.message} {...form.register("description")} />
          <p className="text-sm text-base-content/80">
            Orders already placed keep the name and price they were placed with.
          </p>
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
