import {
  formatPrice,
  PAYMENT_REFERENCE_MAX,
  type PaymentReceivedBody,
  type ReceivablesCompany,
} from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { formAmount, formText } from "../../components/form-refusal";
import { RefusalBeside } from "../../components/refusal-beside";
import { notify } from "../../lib/toast";
import { useRecordPayment } from "./api/receivables";
import { inFormWords, PAYMENT_FIELDS, type PaymentField, paymentOutcome, paymentRefusal } from "./payment-words";

type Problems = Partial<Record<PaymentField, string>>;

/** The first field with a problem takes the focus, so a keyboard or screen reader user lands on what to fix. */
function focusFirst(form: HTMLFormElement, problems: Problems) {
  const first = PAYMENT_FIELDS.find((field) => problems[field]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}

/**
 * An admin records a bank transfer a company on account sent (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'):
 * the amount, the day it arrived (UTC, as the shop's days are; not after today) and the transfer's reference. It pays
 * the company's oldest invoices first; what is left is its credit, which pays its next invoices
 * (docs/decisions/046-receivables-pages.md). Checked by the contract's schema before it goes, then by the server: its
 * refusals stand beside their fields, the same reference twice beside the reference.
 */
export function RecordPaymentDialog({ company, onClose }: { company: ReceivablesCompany; onClose: () => void }) {
  const record = useRecordPayment(company.companyId);
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState<PaymentReceivedBody | null>(null);
  const refusal = paymentRefusal(record.error, sent);
  const errorOf = (field: PaymentField) => problems[field] ?? refusal.fields[field];
  // The shop's days are UTC (the server refuses a day after its today).
  const today = new Date().toISOString().slice(0, 10);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    if (record.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    // The amount as typed, a text too when it is no number: the contract's check names it as the server would.
    const typed = {
      amount: formAmount(data, "amount"),
      receivedAt: formText(data, "receivedAt"),
      reference: formText(data, "reference"),
    } as PaymentReceivedBody;
    const { schemaCheck, paymentReceivedBodySchema } = await import("../../lib/form-checks");
    const checked = schemaCheck(paymentReceivedBodySchema)(typed);
    if (!checked.ok) {
      record.reset();
      const found: Problems = {};
      for (const field of PAYMENT_FIELDS) {
        const message = checked.errors[field];
        if (message) found[field] = inFormWords(message);
      }
      setProblems(found);
      focusFirst(form, found);
      return;
    }
    setProblems({});
    setSent(checked.data);
    try {
      const payment = await record.mutateAsync(checked.data);
      notify("success", paymentOutcome(company.name, payment));
      close();
    } catch (error) {
      focusFirst(form, paymentRefusal(error, checked.data).fields);
    }
  }

  return (
    <FormDialog title={`Record a payment from ${company.name}`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          <Field
            label="Amount in dollars"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            error={errorOf("amount")}
          />
          <Field
            label="Received on (UTC)"
            name="receivedAt"
            type="date"
            max={today}
            defaultValue={today}
            error={errorOf("receivedAt")}
          />
          <Field
            label="Transfer reference"
            name="reference"
            autoComplete="off"
            maxLength={PAYMENT_REFERENCE_MAX}
            error={errorOf("reference")}
          />
          <p className="text-sm text-base-content/80">
            {company.owed > 0
              ? `It pays the oldest of the invoices first (${formatPrice(company.owed)} owed); what is left is the company's credit, which pays its next invoices.`
              : "Nothing is owed now: the money is the company's credit, which pays its next invoices."}{" "}
            Each reference is recorded once per company. The payment is audited.
          </p>
          <RefusalBeside refusal={refusal.rest && record.error} message={refusal.rest ?? ""} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={record.isPending}>
              Record payment
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
