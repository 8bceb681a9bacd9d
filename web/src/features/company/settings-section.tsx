import { COMPANY_LIMITS, type Company } from "@forgeline/contract";
import type { FormEvent } from "react";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { notify } from "../../lib/toast";
import { useChangeSettings } from "./api/company";

const FIELDS = ["name", "poRequired"] as const;

/** Owners: the company's name, and whether every order of a member needs a PO number. */
export function SettingsSection({ company }: { company: Company }) {
  const settings = useChangeSettings(company._id);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    try {
      await settings.mutateAsync({ name: formText(data, "name"), poRequired: data.get("poRequired") === "on" });
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
        key={`${company.name} ${company.poRequired}`}
        noValidate
        aria-labelledby="settings-heading"
        className="flex flex-col gap-3"
        onSubmit={(event) => void submit(event)}
      >
        <FormRefusal error={settings.error} fields={FIELDS} />
        <Field
          label="Company name"
          name="name"
          autoComplete="organization"
          maxLength={COMPANY_LIMITS.name}
          defaultValue={company.name}
          error={fieldError(settings.error, "name")}
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
        <button type="submit" className="btn btn-primary self-start" disabled={settings.isPending}>
          Save settings
        </button>
      </form>
    </section>
  );
}
