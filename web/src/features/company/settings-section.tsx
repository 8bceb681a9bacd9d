import { COMPANY_LIMITS, type Company, MAX_LENGTH } from "@forgeline/contract";
import type { FormEvent } from "react";
import { Field, TextAreaField } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { notify } from "../../lib/toast";
import { useChangeSettings } from "./api/company";

const FIELDS = ["name", "billingAddress", "poRequired"] as const;

/**
 * Owners: the company's name, where its invoices are addressed (blank: to each order's delivery address), and
 * whether every order of a member needs a PO number.
 */
export function SettingsSection({ company }: { company: Company }) {
  const settings = useChangeSettings(company._id);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    try {
      await settings.mutateAsync({
        name: formText(data, "name"),
        billingAddress: formText(data, "billingAddress"),
        poRequired: data.get("poRequired") === "on",
      });
      notify("success", "The company's settings are saved");
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <section aria-labelledby="settings-heading" className="flex max-w-xl flex-col gap-3">
      <h2 id="settings-heading" className="text-xl font-bold">
        Settings
      </h2>
      <form
        key={`${company.name} ${company.poRequired} ${company.billingAddress}`}
        noValidate
        aria-labelledby="settings-heading"
        className="flex flex-col gap-3"
        onSubmit={(event) => void submit(event)}
      >
        <Field
          label="Company name"
          name="name"
          autoComplete="organization"
          maxLength={COMPANY_LIMITS.name}
          defaultValue={company.name}
          error={fieldError(settings.error, "name")}
        />
        <TextAreaField
          label="Billing address (on every invoice; blank: the delivery address)"
          name="billingAddress"
          rows={3}
          autoComplete="billing street-address"
          maxLength={MAX_LENGTH.address}
          defaultValue={company.billingAddress ?? ""}
          error={fieldError(settings.error, "billingAddress")}
        />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="poRequired"
            className="size-5 accent-primary"
            defaultChecked={company.poRequired}
          />
          PO number required on every order
        </label>
        <FormRefusal error={settings.error} fields={FIELDS} />
        <button type="submit" className="btn btn-primary self-start" disabled={settings.isPending}>
          Save settings
        </button>
      </form>
    </section>
  );
}
