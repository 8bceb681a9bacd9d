import { COMPANY_LIMITS, type Company } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Field, TextAreaField } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { QueryState } from "../../components/query-state";
import { RowRefusal } from "../../components/row-refusal";
import { companyAddressesQuery } from "../../lib/company";
import { useRowActions } from "../../lib/row-actions";
import { notify } from "../../lib/toast";
import { useAddAddress, useRemoveAddress } from "./api/addresses";

const FIELDS = ["label", "address", "phone"] as const;

/**
 * The company's delivery addresses: every member sees them (and checks out to one of them when there are
 * any); owners add and remove them (`manage:address` among the company's `actions`).
 */
export function AddressesSection({ company }: { company: Company }) {
  const addresses = useQuery(companyAddressesQuery(company._id));
  const add = useAddAddress(company._id);
  const remove = useRemoveAddress(company._id);
  const rowActions = useRowActions();
  const owner = company.actions.includes("manage:address");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const label = formText(data, "label");
    try {
      await add.mutateAsync({ label, address: formText(data, "address"), phone: formText(data, "phone") });
      notify("success", `${label} is added to the delivery addresses`);
      form.reset();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  function removeOne(id: string, label: string) {
    void rowActions.run(id, () => remove.mutateAsync(id), `${label} is removed from the delivery addresses`);
  }

  return (
    <section aria-labelledby="addresses-heading" className="flex flex-col gap-3">
      <h2 id="addresses-heading" className="text-xl font-bold">
        Delivery addresses
      </h2>
      <p className="text-sm text-base-content/80">
        When the company keeps delivery addresses, every member's order goes to one of them.
      </p>
      <QueryState
        query={addresses}
        what="delivery addresses"
        isEmpty={(list) => list.length === 0}
        empty="No delivery address yet: members give an address with each order."
      >
        {(list) => (
          <ul aria-label="Delivery addresses" className="grid gap-3 sm:grid-cols-2">
            {list.map((address) => (
              <li key={address._id} className="flex flex-col gap-1 rounded-box border border-base-300 p-4">
                <h3 className="font-semibold">{address.label}</h3>
                <p className="whitespace-pre-line text-sm">{address.address}</p>
                <p className="text-sm text-base-content/80">{address.phone}</p>
                {owner && (
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline self-start"
                    disabled={remove.isPending}
                    onClick={() => removeOne(address._id, address.label)}
                  >
                    Remove<span className="sr-only"> {address.label}</span>
                  </button>
                )}
                <RowRefusal error={rowActions.refusalOf(address._id)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {owner && (
        <form
          noValidate
          aria-label="Add a delivery address"
          className="flex max-w-xl flex-col gap-3"
          onSubmit={(event) => void submit(event)}
        >
          <Field
            label="Label (a site's name)"
            name="label"
            autoComplete="off"
            maxLength={COMPANY_LIMITS.addressLabel}
            error={fieldError(add.error, "label")}
          />
          <TextAreaField
            label="Address"
            name="address"
            rows={3}
            autoComplete="street-address"
            error={fieldError(add.error, "address")}
          />
          <Field label="Phone" name="phone" type="tel" autoComplete="tel" error={fieldError(add.error, "phone")} />
          <FormRefusal error={add.error} fields={FIELDS} />
          <button type="submit" className="btn btn-primary self-start" disabled={add.isPending}>
            Add address
          </button>
        </form>
      )}
    </section>
  );
}
