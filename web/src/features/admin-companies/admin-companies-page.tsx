import { type AdminCompany, COMPANY_LIMITS } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { DataTable } from "../../components/data-table";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { QueryState } from "../../components/query-state";
import { RowActions } from "../../components/row-actions";
import { termsInBrief } from "../../lib/company-credit";
import { notify } from "../../lib/toast";
import { useAdminCompanies, useSetTaxExemption } from "./api/companies";
import { PaymentTermsDialog } from "./payment-terms-dialog";
import { PriceListPanel } from "./price-list-panel";

const COLUMNS = [
  { label: "Company" },
  { label: "Tax ID" },
  { label: "Members", numeric: true },
  { label: "Tax" },
  { label: "PO number" },
  { label: "Terms" },
  { label: "Actions" },
];

/**
 * /dashboard/companies (admins; docs/SELLING-TO-BUSINESSES.md, 'Companies'): every company with its tax ID and member
 * count; per company its tax exemption (with the tax ID its invoices name), its terms on account
 * (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit') and its contract price list, kept as CSV.
 */
export default function AdminCompaniesPage() {
  const companies = useAdminCompanies();
  const [exempting, setExempting] = useState<AdminCompany | null>(null);
  const [terming, setTerming] = useState<AdminCompany | null>(null);
  const [pricing, setPricing] = useState<string | null>(null);
  const priced = companies.data?.find((company) => company._id === pricing);

  return (
    <section aria-labelledby="companies-heading" className="flex flex-col gap-8">
      <h1 id="companies-heading" className="text-2xl font-bold sm:text-3xl">
        Companies
      </h1>
      <QueryState
        query={companies}
        what="companies"
        isEmpty={(list) => list.length === 0}
        empty="No company yet: customers create theirs under My Company."
      >
        {(list) => (
          <DataTable columns={COLUMNS}>
            {list.map((company) => (
              <tr key={company._id}>
                <th scope="row" className="font-medium">
                  {company.name}
                </th>
                <td>{company.taxId ?? "—"}</td>
                <td className="text-right">{company.memberCount}</td>
                <td>{company.taxExempt ? "Exempt" : "Charged"}</td>
                <td>{company.poRequired ? "Required" : "Optional"}</td>
                <td className="whitespace-nowrap">{termsInBrief(company.paymentTerms)}</td>
                <RowActions>
                  <button type="button" className="btn btn-sm" onClick={() => setExempting(company)}>
                    Tax exemption<span className="sr-only"> of {company.name}</span>
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setTerming(company)}>
                    Terms<span className="sr-only"> of {company.name}</span>
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => setPricing(company._id)}>
                    Price list<span className="sr-only"> of {company.name}</span>
                  </button>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
      {priced && <PriceListPanel key={priced._id} company={priced} />}
      {exempting && <TaxExemptionDialog company={exempting} onClose={() => setExempting(null)} />}
      {terming && <PaymentTermsDialog company={terming} onClose={() => setTerming(null)} />}
    </section>
  );
}

/** Exempt or not, and the tax ID: exempt needs one (the server says so beside the field). */
function TaxExemptionDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const exemption = useSetTaxExemption(company._id);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const taxExempt = data.get("taxExempt") === "on";
    const taxId = formText(data, "taxId");
    try {
      await exemption.mutateAsync({ taxExempt, ...(taxId ? { taxId } : {}) });
      notify("success", `${company.name} ${taxExempt ? "is tax-exempt" : "pays tax"}`);
      close();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <FormDialog title={`Tax exemption of ${company.name}`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="taxExempt"
              className="size-5 accent-primary"
              defaultChecked={company.taxExempt}
            />
            Tax-exempt: its orders carry no tax
          </label>
          <Field
            label="Tax ID"
            name="taxId"
            autoComplete="off"
            maxLength={COMPANY_LIMITS.taxId}
            defaultValue={company.taxId ?? ""}
            error={fieldError(exemption.error, "taxId")}
          />
          <p className="text-sm text-base-content/80">Its invoices name the tax ID. The change is audited.</p>
          <FormRefusal error={exemption.error} fields={["taxExempt", "taxId"]} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={exemption.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
