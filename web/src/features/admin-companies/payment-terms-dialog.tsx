import { type AdminCompany, NET_DAYS, type PaymentTerms } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal, fieldError, focusFirstRefused, formAmount } from "../../components/form-refusal";
import { SelectField } from "../../components/select-field";
import { termsInBrief } from "../../lib/company-credit";
import { notify } from "../../lib/toast";
import { useSetPaymentTerms } from "./api/companies";

// Each field is named by its path in the body, as a 400 names it, so the server's message lands beside it.
const NET_DAYS_FIELD = "paymentTerms.netDays";
const LIMIT_FIELD = "paymentTerms.creditLimit";
const FIELDS = [NET_DAYS_FIELD, LIMIT_FIELD, "paymentTerms"];

const NET_DAYS_OPTIONS = [
  { value: "", label: "No terms (card only)" },
  ...NET_DAYS.map((days) => ({ value: String(days), label: `Net ${days}` })),
];

/**
 * An admin gives a company terms on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): the days its invoices
 * give and the most it may owe at once, or none (it then pays by card). Checked by the contract's schema before it
 * goes, then by the server, whose messages stand beside their fields.
 */
export function PaymentTermsDialog({ company, onClose }: { company: AdminCompany; onClose: () => void }) {
  const save = useSetPaymentTerms(company._id);
  const [netDays, setNetDays] = useState(company.paymentTerms ? String(company.paymentTerms.netDays) : "");
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const errorOf = (field: string) => problems[field] ?? fieldError(save.error, field);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const form = event.currentTarget;
    const creditLimit = formAmount(new FormData(form), LIMIT_FIELD);
    let paymentTerms: PaymentTerms | null = null;
    if (netDays) {
      const { schemaCheck, paymentTermsSchema } = await import("../../lib/form-checks");
      // The amount as typed, a text too: the contract's check names it as the server would.
      const checked = schemaCheck(paymentTermsSchema)({ netDays: Number(netDays), creditLimit } as PaymentTerms);
      if (!checked.ok) {
        save.reset();
        const found: Record<string, string | undefined> = {
          [NET_DAYS_FIELD]: checked.errors.netDays,
          [LIMIT_FIELD]: checked.errors.creditLimit,
        };
        setProblems(found);
        const first = FIELDS.find((field) => found[field]);
        const element = first ? form.elements.namedItem(first) : null;
        if (element instanceof HTMLElement) element.focus();
        return;
      }
      paymentTerms = checked.data;
    }
    setProblems({});
    try {
      await save.mutateAsync({ paymentTerms });
      notify("success", `${company.name}: ${paymentTerms ? termsInBrief(paymentTerms) : "pays by card"}`);
      close();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <FormDialog title={`Terms on account of ${company.name}`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          <SelectField
            label="Payment terms"
            name={NET_DAYS_FIELD}
            value={netDays}
            onChange={(event) => setNetDays(event.target.value)}
            options={NET_DAYS_OPTIONS}
            error={errorOf(NET_DAYS_FIELD)}
          />
          <Field
            label="Credit limit in dollars"
            name={LIMIT_FIELD}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={company.paymentTerms ? String(company.paymentTerms.creditLimit) : ""}
            disabled={!netDays}
            error={errorOf(LIMIT_FIELD)}
          />
          <p className="text-sm text-base-content/80">
            {netDays
              ? `Net ${netDays}: each invoice is due ${netDays} days after its order ships. The limit is the most it may owe at once on orders on account; below what it owes now, it stops new orders on account, and placed orders stand.`
              : "Without terms the company pays every order by card before it ships."}{" "}
            The change is audited.
          </p>
          <FormRefusal error={save.error} fields={FIELDS} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
