import {
  type Cart,
  type CheckoutBody,
  type CheckoutFormInput,
  type CompanyAddress,
  MESSAGES,
  PO_NUMBER_MAX,
} from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Field, TextAreaField } from "../../components/field";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { companyAddressesQuery, useMyCompany } from "../../lib/company";
import { notify } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { changedCart, useCheckout } from "./api/checkout";

/** The form as typed: an address, or (when the buyer's company keeps some) one of the company's. */
type CheckoutForm = CheckoutFormInput & { addressId: string };
type FieldName = keyof CheckoutForm & string;
const FIELDS: FieldName[] = ["phone", "address", "addressId", "poNumber"];
/** The server's words (DESIGN.md 10.4), said before it has to. */
const PO_REQUIRED = "A PO number is required";
const CHOOSE_ADDRESS = "Choose one of your company's delivery addresses";

/**
 * The checkout (DESIGN.md 10.3, 10.4): phone, delivery address and a PO number, checked by the contract's
 * schema (loaded with the first check), and "Place order" with the total the buyer sees. A member of a
 * company that keeps delivery addresses picks one of them (sent as `addressId`); a company that requires PO
 * numbers has the field say so. A price or promotion that changed meanwhile is a 409 with the new cart: the
 * page shows it and says so (`onRefused`), and nothing is placed. A placed order goes to its payment page,
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
  const company = useMyCompany().data ?? null;
  const kept = useQuery(companyAddressesQuery(company?._id)).data ?? [];
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  // What the company asks for, read by the check when it runs (the company may arrive after the form).
  const rules = useRef({ choosing: false, poRequired: false });
  rules.current = { choosing: kept.length > 0, poRequired: company?.poRequired ?? false };
  const form = useCheckedForm<CheckoutForm, Omit<CheckoutBody, "expectedTotal">>(
    { phone: "", address: "", poNumber: "", addressId: "" },
    async () => {
      const { schemaCheck, checkoutFormSchema } = await import("../../lib/form-checks");
      const withAddress = schemaCheck(checkoutFormSchema);
      const withoutAddress = schemaCheck(checkoutFormSchema.omit({ address: true }));
      return (values) => {
        const { choosing, poRequired } = rules.current;
        const result = choosing ? withoutAddress(values) : withAddress(values);
        const errors: FormErrors<CheckoutForm> = result.ok ? {} : { ...result.errors };
        if (choosing && !values.addressId) errors.addressId = CHOOSE_ADDRESS;
        if (poRequired && !values.poNumber?.trim()) errors.poNumber ??= PO_REQUIRED;
        if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };
        return { ok: true, data: choosing ? { ...result.data, addressId: values.addressId } : result.data };
      };
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
      {kept.length > 0 ? (
        <CompanyAddressChoice
          addresses={kept}
          error={errorOf("addressId")}
          field={form.register("addressId")}
          onChoose={(address) => {
            // The site's phone, unless the buyer gave one.
            if (!String(phone.value ?? "").trim()) phone.onChange(address.phone);
          }}
        />
      ) : (
        <TextAreaField
          label="Delivery address"
          autoComplete="street-address"
          rows={3}
          error={errorOf("address")}
          {...form.register("address")}
        />
      )}
      <Field
        label={`PO number (${company?.poRequired ? "required" : "optional"}, up to ${PO_NUMBER_MAX} characters)`}
        autoComplete="off"
        aria-required={company?.poRequired ? true : undefined}
        error={errorOf("poNumber")}
        {...form.register("poNumber")}
      />
      {company?.role === "requester" && (
        <p className="text-sm text-base-content/80">
          As a requester, your order goes to an owner of {company.name} for approval before it can be paid.
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || checkout.isPending}>
        Place order
      </button>
    </form>
  );
}

/**
 * The company's delivery addresses as radio buttons (one group, arrow keys move between them), the choice
 * sent as `addressId`; the refusal beside the group.
 */
function CompanyAddressChoice({
  addresses,
  error,
  field,
  onChoose,
}: {
  addresses: CompanyAddress[];
  error: string | undefined;
  field: {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    ref: (element: HTMLInputElement | null) => void;
  };
  onChoose: (address: CompanyAddress) => void;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Deliver to one of your company's addresses</legend>
      <div className="flex flex-col gap-2">
        {addresses.map((address, index) => (
          <label
            key={address._id}
            className="flex items-start gap-2 rounded-field border border-base-300 bg-base-100 p-2"
          >
            <input
              type="radio"
              name={field.name}
              value={address._id}
              className="mt-1 size-5 accent-primary"
              checked={field.value === address._id}
              aria-invalid={Boolean(error)}
              ref={index === 0 ? field.ref : undefined}
              onChange={(event) => {
                field.onChange(event);
                onChoose(address);
              }}
            />
            <span className="min-w-0 text-sm">
              <span className="block font-semibold">{address.label}</span>
              <span className="block whitespace-pre-line">{address.address}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
