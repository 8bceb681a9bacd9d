import { type Cart, type CheckoutBody, type CheckoutFormInput, MESSAGES } from "@forgeline/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CompanyDeliveryFields, useCompanyDelivery, withCompanyDelivery } from "../../components/company-delivery";
import { Field } from "../../components/field";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { useCheckedForm } from "../../lib/use-checked-form";
import { changedCart, useCheckout } from "./api/checkout";

/** The form as typed: an address, or (when the buyer's company keeps some) one of the company's. */
type CheckoutForm = CheckoutFormInput & { addressId: string };
type FieldName = keyof CheckoutForm & string;
const FIELDS: FieldName[] = ["phone", "address", "addressId", "poNumber"];

/**
 * The checkout (DESIGN.md 10.3, 10.4): phone, delivery address and a PO number, checked by the contract's
 * schema (loaded with the first check), and "Place order" with the total the buyer sees. The company's
 * delivery addresses and PO rule come from components/company-delivery.tsx, which the order modal shares.
 * A price or promotion that changed meanwhile is a 409 with the new cart: the page shows it and says so
 * (`onRefused`), and nothing is placed. A placed order goes to its payment page,
 * or, when it waits for an owner's approval, to its own page.
 */
export function CheckoutForm({
  cart,
  onRefused,
}: {
  cart: Cart;
  /** The server's reason when it placed nothing (null again on the next try). */
  onRefused: (message: string | null) => void;
}) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const delivery = useCompanyDelivery();
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const form = useCheckedForm<CheckoutForm, Omit<CheckoutBody, "expectedTotal">>(
    { phone: "", address: "", poNumber: "", addressId: "" },
    async () => {
      const { schemaCheck, checkoutFormSchema } = await import("../../lib/form-checks");
      return withCompanyDelivery(
        delivery.rules,
        schemaCheck(checkoutFormSchema),
        schemaCheck(checkoutFormSchema.omit({ address: true })),
      );
    },
  );
  const errorOf = (name: FieldName) => form.errors[name] ?? serverErrors[name];
  const phone = form.control("phone");

  const submit = form.handleSubmit(async (values) => {
    setServerErrors({});
    onRefused(null);
    try {
      const placed = await checkout.mutateAsync({ ...values, expectedTotal: cart.total });
      const waits = placed.status === "awaiting-approval";
      notify("success", waits ? MESSAGES.orderAwaitsApproval : "Your order is placed");
      if (!placed.insertedId) navigate(paths.dashboard);
      else navigate(waits ? paths.myOrder(placed.insertedId) : paths.payment(placed.insertedId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        const found: Partial<Record<FieldName, string>> = {};
        for (const name of FIELDS) {
          const message = error.messageFor(name);
          if (message) found[name] = message;
        }
        if (Object.keys(found).length > 0) {
          setServerErrors(found);
          return;
        }
      }
      onRefused(
        changedCart(error)
          ? `${(error as Error).message} Check the new total and place the order again.`
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  });

  return (
    <form noValidate aria-labelledby="checkout-heading" className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id="checkout-heading" className="text-xl font-bold">
        Checkout
      </h2>
      <Field label="Phone" type="tel" autoComplete="tel" error={errorOf("phone")} {...form.register("phone")} />
      <CompanyDeliveryFields delivery={delivery} register={form.register} errorOf={errorOf} phone={phone} />
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || checkout.isPending}>
        Place order
      </button>
    </form>
  );
}
