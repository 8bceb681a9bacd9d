import {
  DEFAULT_QUANTITY_RULE,
  formatPrice,
  isAllowedQuantity,
  MESSAGES,
  type OrderFormInput,
  type Product,
  QUANTITY_UNIT,
} from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CompanyDeliveryFields, useCompanyDelivery, withCompanyDelivery } from "../../components/company-delivery";
import { Field } from "../../components/field";
import { PaymentChoice, usePaymentChoice } from "../../components/payment-choice";
import { PricedTotals, UnitPrice } from "../../components/priced-order";
import { RefusalBeside } from "../../components/refusal-beside";
import { Thumbnail } from "../../components/thumbnail";
import { companyCreditQuery } from "../../lib/company";
import { limitsFor, sellableStock } from "../../lib/quantity-limits";
import { useNavigate } from "../../lib/router";
import type { SessionUser } from "../../lib/session";
import { errorMessage, notify, refusedFields } from "../../lib/toast";
import { useCheckedForm } from "../../lib/use-checked-form";
import { useDebounced } from "../../lib/use-debounced";
import { type OrderDelivery, useCreateOrder } from "./api/create-order";
import { useLinePrice } from "./api/get-price";

/** The form as typed: an address, or (when the buyer's company keeps some) one of the company's. */
type ModalForm = OrderFormInput & { addressId: string };
const FIELDS = ["quantity", "phone", "address", "addressId", "poNumber"] as const;

/** How long the quantity rests before the server is asked to price it. */
export const QUOTE_DELAY_MS = 300;

/**
 * The order modal (docs/SPEC-CONFORMANCE.md §2, docs/SELLING-TO-BUSINESSES.md): the customer picks a quantity the
 * tool's rule allows within the stock and gives a phone and an address; name and email are shown, not
 * sent. The price is the server's: as the quantity changes, it is quoted (unit price and its source, the
 * promotion, tax, total) without storing anything. Placing the order is SPEC.md's one-line POST /ordering;
 * a company's member delivers to one of its addresses and gives a PO number as at the cart's checkout
 * (components/company-delivery.tsx, shared with it), and a member of a company on terms chooses card or "Pay by
 * invoice" with the credit left, as there too (components/payment-choice.tsx): an order on account goes to its own
 * page, as the checkout's does, since nothing is paid now. A refusal no field shows (over the credit, on hold)
 * stands beside "Place order".
 */
export function OrderModal({
  product,
  customer,
  quantity: picked,
  onClose,
}: {
  product: Product;
  customer: SessionUser;
  /** The pieces picked beside Order Now; else the rule's minimum. */
  quantity?: number | undefined;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const payment = usePaymentChoice();
  const [refusal, setRefusal] = useState<unknown>(null);
  const rule = product.quantityRule ?? DEFAULT_QUANTITY_RULE;
  const limits = limitsFor(rule, sellableStock(product));
  const delivery = useCompanyDelivery();
  const form = useCheckedForm<ModalForm, OrderDelivery>(
    { quantity: picked ?? rule.min, phone: "", address: "", poNumber: "", addressId: "" },
    async () => {
      const { schemaCheck, orderFormSchema, orderQuantityField } = await import("../../lib/form-checks");
      const schema = orderFormSchema.extend({ quantity: orderQuantityField(rule, sellableStock(product)) });
      return withCompanyDelivery(delivery.rules, schemaCheck(schema), schemaCheck(schema.omit({ address: true })));
    },
  );
  const { errors, isSubmitting } = form;
  const errorOf = (name: (typeof FIELDS)[number]) => errors[name];
  const typed = form.register("quantity").value.trim();
  const quantity = typed === "" ? Number.NaN : Number(typed);
  const allowed = isAllowedQuantity(limits, quantity) ? quantity : null;
  const quote = useLinePrice(product._id, useDebounced(allowed, QUOTE_DELAY_MS));

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const answer = await createOrder.mutateAsync({ ...values, ...payment.body, productId: product._id });
      if (answer.success && payment.method === "invoice") {
        const { message, to } = payment.next(answer, MESSAGES.orderPlaced(product.name));
        notify("success", message);
        navigate(to);
        return;
      }
      if (answer.status === "awaiting-approval") notify("success", MESSAGES.orderAwaitsApproval);
      else if (answer.success) notify("success", MESSAGES.orderPlaced(product.name));
      else notify("error", MESSAGES.orderDuplicate(product.name));
      onClose();
    } catch (error) {
      // The server's refusals of a field stand beside it (the quantity, the company's address or PO rule).
      const found = refusedFields(error, FIELDS);
      if (found) {
        form.showErrors(found);
        return;
      }
      // A refusal on account may come of credit used meanwhile: the choice shows the credit as it is now.
      if (payment.company) void queryClient.invalidateQueries(companyCreditQuery(payment.company._id));
      setRefusal(error);
    }
  });

  const stepText = rule.step > 1 ? ` in steps of ${rule.step}` : "";
  const line = quote.data?.lines[0];
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="order-title" onClose={onClose}>
      <div className="modal-box max-w-lg">
        <div className="flex items-start gap-4">
          <Thumbnail src={product.image} width={120} height={90} className="rounded-box bg-base-200" />
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
            error={errorOf("quantity")}
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
          <Field label="Phone" type="tel" autoComplete="tel" error={errorOf("phone")} {...form.register("phone")} />
          <CompanyDeliveryFields
            delivery={delivery}
            register={form.register}
            errorOf={errorOf}
            phone={form.control("phone")}
          />
          <PaymentChoice choice={payment} total={quote.data?.total ?? 0} />
          <RefusalBeside refusal={refusal} message={errorMessage(refusal)} />
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
