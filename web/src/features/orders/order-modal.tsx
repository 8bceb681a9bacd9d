import {
  DEFAULT_QUANTITY_RULE,
  formatPrice,
  isAllowedQuantity,
  MESSAGES,
  type OrderForm,
  type OrderFormInput,
  type Product,
  pictureSrcSet,
  QUANTITY_UNIT,
} from "@forgeline/contract";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Field, TextAreaField } from "../../components/field";
import { PricedTotals, UnitPrice } from "../../components/priced-order";
import { ApiError } from "../../lib/api-client";
import { lazyResolver } from "../../lib/lazy-resolver";
import { limitsFor } from "../../lib/quantity-limits";
import type { SessionUser } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useCreateOrder } from "./api/create-order";
import { useQuote } from "./api/get-quote";

/** How long the quantity rests before the server is asked to price it. */
export const QUOTE_DELAY_MS = 300;

/** A value that follows `value` once it has rested for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return rested;
}

/**
 * The order modal (docs/SPEC-CONFORMANCE.md §2, DESIGN.md 10.1-10.3): the customer picks a quantity the
 * tool's rule allows within the stock and gives a phone and an address; name and email are shown, not
 * sent. The price is the server's: as the quantity changes, it is quoted (unit price and its source, the
 * promotion, tax, total) without storing anything. Placing the order is SPEC.md's one-line POST /ordering.
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
  const rule = product.quantityRule ?? DEFAULT_QUANTITY_RULE;
  const limits = limitsFor(rule, product.quantity);
  const form = useForm<OrderFormInput, unknown, OrderForm>({
    resolver: lazyResolver(async () => {
      const { zodResolver, orderFormSchema, orderQuantityField } = await import("../../lib/form-checks");
      return zodResolver(orderFormSchema.extend({ quantity: orderQuantityField(rule, product.quantity) }));
    }),
    defaultValues: { quantity: rule.min, phone: "", address: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const typed = String(form.watch("quantity") ?? "").trim();
  const quantity = typed === "" ? Number.NaN : Number(typed);
  const allowed = isAllowedQuantity(limits, quantity) ? quantity : null;
  const quote = useQuote(product._id, useDebounced(allowed, QUOTE_DELAY_MS));

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await createOrder.mutateAsync({ ...values, productId: product._id });
      if (answer.status === "awaiting-approval") notify("success", MESSAGES.orderAwaitsApproval);
      else if (answer.success) notify("success", MESSAGES.orderPlaced(product.name));
      else notify("error", MESSAGES.orderDuplicate(product.name));
      onClose();
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.messageFor("quantity") : undefined;
      if (fieldMessage) form.setError("quantity", { message: fieldMessage });
      else notify("error", error instanceof Error ? error.message : String(error));
    }
  });

  const stepText = rule.step > 1 ? ` in steps of ${rule.step}` : "";
  const line = quote.data?.lines[0];
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
            label={`Quantity (${limits.min} to ${limits.max} pieces${stepText})`}
            type="number"
            inputMode="numeric"
            min={limits.min}
            max={limits.max}
            step={rule.step}
            error={errors.quantity?.message}
            {...form.register("quantity")}
          />
          <section
            aria-label="Price"
            aria-live="polite"
            aria-busy={quote.isFetching}
            className="rounded-box bg-base-200 p-3"
          >
            {allowed === null ? (
              <p className="text-sm">The price shows for an allowed quantity.</p>
            ) : quote.isError ? (
              <p className="text-sm text-error">We could not price this quantity: {quote.error.message}</p>
            ) : !quote.data || !line ? (
              <p className="text-sm">Working out the price…</p>
            ) : (
              <>
                <p className="mb-2 flex items-start justify-between gap-4 text-sm">
                  <span>
                    {line.quantity} {QUANTITY_UNIT.toLowerCase()} at
                  </span>
                  <UnitPrice line={line} />
                </p>
                <PricedTotals priced={quote.data} totalTestId="order-total" />
              </>
            )}
          </section>
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
