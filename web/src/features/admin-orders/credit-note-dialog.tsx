import { CREDIT_NOTE_REASON_MAX, type CreditNoteBody, dollarsToCents, formatPrice } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal, fieldError, focusFirstRefused, formAmount } from "../../components/form-refusal";
import { SelectField } from "../../components/select-field";
import { invoicedPerShipment } from "../../lib/invoice";
import type { AdminPageOrder } from "../../lib/order";
import { notify } from "../../lib/toast";
import { useCreditNote } from "./api/credit-note";

const FIELDS = ["invoiceNumber", "amount", "reason", "restock"];

/**
 * An invoiced order on account is refunded by a credit note (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): the admin
 * says how much, all that is left to credit at first, and why (required, one line, on the note, its PDF, the statement
 * and the buyer's mail); the server's refusals stand beside their field or above the form. An order shipped in parts
 * has an invoice per shipment: the admin chooses the one it credits, all that is left of it unless an amount is given
 * (docs/decisions/077-invoices-per-shipment.md).
 */
export function CreditNoteButton({ order }: { order: AdminPageOrder }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-error" onClick={() => setOpen(true)}>
        Refund by credit note
      </button>
      {open && <CreditNoteDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function CreditNoteDialog({ order, onClose }: { order: AdminPageOrder; onClose: () => void }) {
  const credit = useCreditNote(order._id);
  const invoices = invoicedPerShipment(order)
    ? [...new Map(order.shipments.flatMap((one) => (one.invoice ? [[one.invoice.number, one.invoice]] : []))).values()]
    : [];
  // What is left to credit comes from the server (order-balance.ts); only its text is made here. Written out, not
  // plainDollars: that would grow the chunk the catalogue shares with every page. Of one invoice of several, all
  // that is left of it is the server's to say: the field starts empty.
  const [amount, setAmount] = useState(invoices.length > 0 ? "" : order.creditable.toFixed(2));
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState("");
  // The reason a refusal was about: its error stands beside the field until the admin changes it.
  const [sentReason, setSentReason] = useState<string | null>(null);
  // The pieces go back only with a credit note for all that is left (the server refuses it otherwise).
  const whole =
    dollarsToCents(Number(amount.trim().replace(/^\$/, "").replaceAll(",", ""))) === dollarsToCents(order.creditable);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const form = event.currentTarget;
    // What was typed goes as it is: the server names a wrong amount beside its field.
    const data = new FormData(form);
    const body = {
      ...(invoices.length > 0 && { invoiceNumber: data.get("invoiceNumber") }),
      // Of one invoice of several, an empty amount is all that is left of it.
      amount: formAmount(data, "amount") ?? (invoices.length > 0 ? undefined : null),
      reason,
      restock: whole && restock,
    } as CreditNoteBody;
    setSentReason(reason);
    try {
      const after = await credit.mutateAsync(body);
      notify("success", `Credit note ${after.creditNotes.at(-1)?.number ?? ""} issued`);
      close();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <FormDialog title={`Refund order ${order.number} by a credit note`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          {invoices.length > 0 && (
            <SelectField
              label="Invoice to credit"
              name="invoiceNumber"
              options={invoices.map((invoice) => ({
                value: invoice.number,
                label: `${invoice.number}: ${formatPrice(invoice.amount)}, ${formatPrice(invoice.balance)} owed`,
              }))}
              error={fieldError(credit.error, "invoiceNumber")}
            />
          )}
          <Field
            label={
              invoices.length > 0
                ? "Amount to credit in dollars (empty: all left of it)"
                : "Amount to credit in dollars"
            }
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={fieldError(credit.error, "amount")}
          />
          <Field
            label="Reason (required, shown to the buyer)"
            name="reason"
            autoComplete="off"
            required
            maxLength={CREDIT_NOTE_REASON_MAX}
            placeholder="Damaged in transit"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reason === sentReason ? fieldError(credit.error, "reason") : undefined}
          />
          <p className="text-sm text-base-content/80">
            {invoices.length > 0
              ? "Up to the invoice chosen less its earlier credit notes."
              : `Up to ${formatPrice(order.creditable)}: invoice ${order.invoiceNumber} less earlier credit notes.`}{" "}
            It lowers what is still owed ({formatPrice(order.balance)}) first; the rest was paid already and becomes the
            company's credit, which pays its next invoices. The buyer is mailed the credit note.
          </p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="restock"
              className="size-5 accent-primary"
              checked={whole && restock}
              disabled={!whole}
              onChange={(event) => setRestock(event.target.checked)}
            />
            Return the pieces to stock ({order.quantity})
          </label>
          {!whole && (
            <p className="text-sm text-base-content/80">Pieces go back only when all that is left is credited.</p>
          )}
          <FormRefusal error={credit.error} fields={FIELDS} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={credit.isPending}>
              Issue credit note
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
