import { type Company, type CompanyAddress, PO_NUMBER_MAX } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, type RefObject, useId, useRef } from "react";
import { companyAddressesQuery, useMyCompany } from "../lib/company";
import type { FormCheck, FormErrors } from "../lib/use-checked-form";
import { Field, TextAreaField } from "./field";
import { RadioCard } from "./radio-card";

/** The server's words (docs/SELLING-TO-BUSINESSES.md, 'Companies'), said before it has to. */
export const PO_REQUIRED = "A PO number is required";
export const CHOOSE_ADDRESS = "Choose one of your company's delivery addresses";

/** What the caller's company asks of an order's delivery: one of its addresses, a PO number. */
export interface DeliveryRules {
  choosing: boolean;
  poRequired: boolean;
}

/** The delivery fields as a form holds them (use-checked-form.ts). */
export interface DeliveryValues {
  address?: string | undefined;
  addressId: string;
  poNumber?: string | undefined;
  [field: string]: unknown;
}

export type DeliveryField = "address" | "addressId" | "poNumber";

/** What a form's check answers (use-checked-form.ts), whatever the form's fields. */
type CheckResult<Output> = { ok: true; data: Output } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * The caller's company (null: none), its delivery addresses, and its rules as a ref that a form's check
 * reads when it runs (the company may arrive after the form). The cart's checkout and the order modal ask it.
 */
export function useCompanyDelivery(): {
  company: Company | null;
  addresses: CompanyAddress[];
  rules: RefObject<DeliveryRules>;
} {
  const company = useMyCompany().data ?? null;
  const addresses = useQuery(companyAddressesQuery(company?._id)).data ?? [];
  const rules = useRef<DeliveryRules>({ choosing: false, poRequired: false });
  rules.current = { choosing: addresses.length > 0, poRequired: company?.poRequired ?? false };
  return { company, addresses, rules };
}

/**
 * A form's check with the company's rules: the contract's check of the form with an address, or (when the
 * company keeps addresses) without one and with the chosen `addressId`; a PO number when required.
 */
export function withCompanyDelivery<Input extends DeliveryValues, WithAddress, WithoutAddress>(
  rules: RefObject<DeliveryRules>,
  withAddress: (values: NoInfer<Input>) => CheckResult<WithAddress>,
  withoutAddress: (values: NoInfer<Input>) => CheckResult<WithoutAddress>,
): FormCheck<Input, WithAddress | (WithoutAddress & { addressId: string })> {
  return (values) => {
    const { choosing, poRequired } = rules.current;
    const result = choosing ? withoutAddress(values) : withAddress(values);
    const errors: Partial<Record<string, string>> = result.ok ? {} : { ...result.errors };
    if (choosing && !values.addressId) errors.addressId = CHOOSE_ADDRESS;
    if (poRequired && !String(values.poNumber ?? "").trim()) errors.poNumber ??= PO_REQUIRED;
    if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors: errors as FormErrors<Input> };
    return {
      ok: true,
      data: choosing
        ? { ...(result.data as WithoutAddress), addressId: values.addressId }
        : (result.data as WithAddress),
    };
  };
}

type FieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
};

/**
 * Where an order goes and its PO number (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout' and 'Companies'): a member
 * of a company that keeps delivery addresses picks one of them (choosing one fills in its phone unless one was given),
 * anyone else types an address; the PO number says whether the company requires it; a requester is told their order
 * waits for an owner's approval.
 */
export function CompanyDeliveryFields({
  delivery,
  register,
  errorOf,
  phone,
}: {
  delivery: ReturnType<typeof useCompanyDelivery>;
  register: (name: DeliveryField) => FieldProps;
  errorOf: (name: DeliveryField) => string | undefined;
  /** The form's phone: a chosen address's phone goes there when it is empty. */
  phone: { value: unknown; onChange: (value: string) => void };
}) {
  const { company, addresses } = delivery;
  return (
    <>
      {addresses.length > 0 ? (
        <CompanyAddressChoice
          addresses={addresses}
          error={errorOf("addressId")}
          field={register("addressId")}
          onChoose={(address) => {
            if (!String(phone.value ?? "").trim()) phone.onChange(address.phone);
          }}
        />
      ) : (
        <TextAreaField
          label="Delivery address"
          autoComplete="street-address"
          rows={3}
          error={errorOf("address")}
          {...register("address")}
        />
      )}
      <Field
        label={`PO number (${company?.poRequired ? "required" : "optional"}, up to ${PO_NUMBER_MAX} characters)`}
        autoComplete="off"
        aria-required={company?.poRequired ? true : undefined}
        error={errorOf("poNumber")}
        {...register("poNumber")}
      />
      {company?.role === "requester" && (
        <p className="text-sm text-base-content/80">
          As a requester, your order goes to an owner of {company.name} for approval before it can be paid.
        </p>
      )}
    </>
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
  field: FieldProps;
  onChoose: (address: CompanyAddress) => void;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Deliver to one of your company's addresses</legend>
      <div className="flex flex-col gap-2">
        {addresses.map((address, index) => (
          <RadioCard
            key={address._id}
            title={address.label}
            detail={address.address}
            name={field.name}
            value={address._id}
            checked={field.value === address._id}
            aria-invalid={Boolean(error)}
            ref={index === 0 ? field.ref : undefined}
            onChange={(event) => {
              field.onChange(event);
              onChoose(address);
            }}
          />
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
