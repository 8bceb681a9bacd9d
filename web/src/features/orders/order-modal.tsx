import {
  formatPrice,
  MESSAGES,
  ORDER_MAX_QUANTITY,
  ORDER_MIN_QUANTITY,
  type OrderForm,
  type OrderFormInput,
  type Product,
  pictureSrcSet,
  QUANTITY_UNIT,
} from "@forgeline/contract";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { Field, TextAreaField } from "../../components/field";
import { ApiError } from "../../lib/api-client";
import { lazyResolver } from "../../lib/lazy-resolver";
import type { SessionUser } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useCreateOrder } from "./api/create-order";

/**
 * The order modal (docs/SPEC-CONFORMANCE.md §2, docs/decisions/006-deviations-from-spec.md;
 * docs/SPEC-CONFORMANCE.md §2): the customer picks 100-200 pieces within
 * the stock and gives a phone and an address; name, email and prices are shown, not sent.
 */
export function OrderModal({
  product,
  customer,
  onClose,
}: {
  product: Product;
  customer: SessionUser;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const createOrder = useCreateOrder();
  const maxQuantity = Math.min(ORDER_MAX_QUANTITY, product.quantity);
  const form = useForm<OrderFormInput, unknown, OrderForm>({
    resolver: lazyResolver(async () => {
      const { zodResolver, orderFormSchema, orderQuantityField } = await import("../../lib/form-checks");
      return zodResolver(orderFormSchema.extend({ quantity: orderQuantityField(product.quantity) }));
    }),
    defaultValues: { quantity: ORDER_MIN_QUANTITY, phone: "", address: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const quantity = Number(form.watch("quantity"));
  const total = Number.isFinite(quantity) ? product.price * quantity : 0;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await createOrder.mutateAsync({ ...values, productId: product._id });
      if (answer.success) notify("success", MESSAGES.orderPlaced(product.name));
      else notify("error", MESSAGES.orderDuplicate(product.name));
      onClose();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.messageFor("quantity") : undefined;
      if (fieldMessage) form.setError("quantity", { message: fieldMessage });
      else notify("error", error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="order-title" onClose={onClose}>
      <div className="modal-box max-w-lg">
        <div className="flex items-start gap-4">
          <img
            src={product.image}
            srcSet={pictureSrcSet(product.image)}
            sizes="120px"
            alt=""
            width={120}
            height={90}
            className="rounded-box bg-base-200"
          />
          <div>
            <h2 id="order-title" className="text-xl font-bold">
              {product.name}
            </h2>
            <p className="text-sm text-base-content/80">
              {formatPrice(product.price)} per piece · {product.quantity} {QUANTITY_UNIT} in stock
            </p>
          </div>
        </div>
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
          <Field
            label={`Quantity (${ORDER_MIN_QUANTITY} to ${maxQuantity} pieces)`}
            type="number"
            inputMode="numeric"
            min={ORDER_MIN_QUANTITY}
            max={maxQuantity}
            step={1}
            error={errors.quantity?.message}
            {...form.register("quantity")}
          />
          <p className="text-lg font-semibold" aria-live="polite">
            Total: <span data-testid="order-total">{formatPrice(total)}</span>
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Name" value={customer.name} readOnly />
            <Field label="Email" value={customer.email} readOnly />
          </div>
          <Field
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register("phone")}
          />
          <TextAreaField
            label="Delivery address"
            autoComplete="street-address"
            rows={3}
            error={errors.address?.message}
            {...form.register("address")}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              Place order
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
