import type { CheckoutBody, CheckoutFormInput } from "@forgeline/contract";
import { refusedFields } from "../lib/toast";
import { useCheckedForm } from "../lib/use-checked-form";
import { CompanyDeliveryFields, useCompanyDelivery, withCompanyDelivery } from "./company-delivery";
import { Field } from "./field";

/** The form as typed: an address, or (when the buyer's company keeps some) one of the company's. */
export type DeliveryForm = CheckoutFormInput & { addressId: string };
/** Where an order goes, as the checkout and a quote's acceptance send it. */
export type DeliveryBody = Omit<CheckoutBody, "expectedTotal" | "paymentMethod">;
type FieldName = keyof DeliveryForm & string;
const FIELDS: FieldName[] = ["phone", "address", "addressId", "poNumber"];

/**
 * Where an order goes (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout' and 'Companies'): phone, delivery address and
 * a PO number, checked by the contract's schema (loaded with the first check), with the company's addresses and PO rule
 * of company-delivery.tsx (which the order modal uses with its own fields). Used by the cart's checkout and a quote's
 * acceptance; `showRefusal` puts a 400's messages beside their fields.
 */
export function useDeliveryForm() {
  const delivery = useCompanyDelivery();
  const form = useCheckedForm<DeliveryForm, DeliveryBody>(
    { phone: "", address: "", poNumber: "", addressId: "" },
    async () => {
      const { schemaCheck, checkoutFormSchema } = await import("../lib/form-checks");
      return withCompanyDelivery(
        delivery.rules,
        schemaCheck(checkoutFormSchema),
        schemaCheck(checkoutFormSchema.omit({ address: true })),
      );
    },
  );

  /** A 400 naming fields of this form: its messages beside them (true); anything else is the caller's. */
  function showRefusal(error: unknown): boolean {
    const found = refusedFields(error, FIELDS);
    if (found) form.showErrors(found);
    return Boolean(found);
  }

  return { form, delivery, showRefusal };
}

/** The fields of `useDeliveryForm`: phone, the address (or the company's addresses), the PO number. */
export function DeliveryFields({
  delivery: { form, delivery },
}: {
  delivery: Pick<ReturnType<typeof useDeliveryForm>, "form" | "delivery">;
}) {
  return (
    <>
      <Field label="Phone" type="tel" autoComplete="tel" error={form.errors.phone} {...form.register("phone")} />
      <CompanyDeliveryFields
        delivery={delivery}
        register={form.register}
        errorOf={(name) => form.errors[name]}
        phone={form.control("phone")}
      />
    </>
  );
}
