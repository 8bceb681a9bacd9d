import { type Product, QUANTITY_UNIT, type Restock, type RestockInput, STOCK_MAX } from "@forgeline/contract";
import { useForm } from "react-hook-form";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { lazyResolver } from "../../lib/lazy-resolver";
import { toastOutcome } from "../../lib/toast-outcome";
import { useUpdateProduct } from "./api/update-product";

/** Restock: set the pieces in stock (a whole number from 0), e.g. after a delivery or a count. */
export function RestockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const update = useUpdateProduct();
  const form = useForm<RestockInput, unknown, Restock>({
    resolver: lazyResolver(async () => {
      const { zodResolver, restockSchema } = await import("../../lib/form-checks");
      return zodResolver(restockSchema);
    }),
    defaultValues: { quantity: product.quantity },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <FormDialog title={`Restock ${product.name}`} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(async (patch) => {
            const done = `${product.name}: ${patch.quantity} ${QUANTITY_UNIT} in stock`;
            if (await toastOutcome(update.mutateAsync({ id: product._id, patch }), done)) close();
          })}
        >
          <p className="text-sm">
            Now {product.quantity} {QUANTITY_UNIT} in stock.
          </p>
          <Field
            label="Pieces in stock"
            type="number"
            inputMode="numeric"
            step="1"
            min={0}
            max={STOCK_MAX}
            error={errors.quantity?.message}
            {...form.register("quantity")}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              Save stock
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
