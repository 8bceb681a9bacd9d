import { COMPANY_LIMITS } from "@forgeline/contract";
import type { FormEvent } from "react";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { notify } from "../../lib/toast";
import { useCreateCompany } from "./api/company";

const FIELDS = ["name", "taxId"] as const;

/** A customer in no company creates one (POST /api/companies) and becomes its owner. */
export function CreateCompanyForm() {
  const create = useCreateCompany();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = formText(data, "name");
    const taxId = formText(data, "taxId");
    try {
      await create.mutateAsync({ name, ...(taxId ? { taxId } : {}) });
      notify("success", `${name} is created: you are its owner`);
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <section aria-labelledby="create-company-heading" className="flex max-w-xl flex-col gap-3">
      <h2 id="create-company-heading" className="text-xl font-bold">
        Create a company
      </h2>
      <p className="text-sm text-base-content/80">
        Colleagues in a company share its orders, delivery addresses and contract prices. You will be its owner: you
        invite colleagues, give them roles and monthly limits, and approve their orders. Invited to one? Open the link
        in the invitation mail instead.
      </p>
      <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <Field
          label="Company name"
          name="name"
          autoComplete="organization"
          maxLength={COMPANY_LIMITS.name}
          error={fieldError(create.error, "name")}
        />
        <Field
          label="Tax ID (optional)"
          name="taxId"
          autoComplete="off"
          maxLength={COMPANY_LIMITS.taxId}
          error={fieldError(create.error, "taxId")}
        />
        <FormRefusal error={create.error} fields={FIELDS} />
        <button type="submit" className="btn btn-primary self-start" disabled={create.isPending}>
          Create company
        </button>
      </form>
    </section>
  );
}
