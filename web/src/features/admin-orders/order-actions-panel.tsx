import { formatPrice, type OrderAction, refundAsksAboutStock } from "@forgeline/contract";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormRefusal } from "../../components/form-refusal";
import { RowRefusal } from "../../components/row-refusal";
import type { AdminPageOrder, PageOrder } from "../../lib/order";
import { useRowActions } from "../../lib/row-actions";
import { notify } from "../../lib/toast";
import { useOrderStep } from "./api/order-step";
import { CreditNoteButton } from "./credit-note-dialog";
import { ShipPartForm } from "./ship-part-form";
import { TRACKING_FIELDS, TrackingFields, trackingOf } from "./tracking-fields";

/** What an admin does to an order on this panel (the invoice is downloaded beside the details). */
const STEPS = [
  "ship:order",
  "deliver:order",
  "cancel:order",
  "refund:order",
  "credit:order",
] as const satisfies readonly OrderAction[];

/** Runs a step of the order; a refusal is said under the row of buttons (`RowRefusal`), a success in a toast. */
type RunStep = (work: () => Promise<unknown>, done: string) => Promise<boolean>;

/**
 * The steps an admin may take on the order now, as the server's answer says (`actions`, from the contract's
 * permissions and its one state machine), and nothing else. A refused step is said under the buttons, which stay
 * where they were though the refused one may have gone with the order as it now stands.
 */
export function AdminOrderActions({ order }: { order: AdminPageOrder }) {
  const steps = useRowActions();
  const may = (step: (typeof STEPS)[number]) => order.actions.includes(step);
  const refusal = <RowRefusal error={steps.refusalOf(order._id)} />;
  if (!STEPS.some(may))
    return (
      <div className="flex flex-wrap gap-2">
        <p>This order is {order.status}: there is nothing more to do.</p>
        {refusal}
      </div>
    );
  const run: RunStep = (work, done) => steps.run(order._id, work, done);
  return (
    <div className="flex flex-col gap-6">
      {may("ship:order") && <ShipForm order={order} />}
      {/* On account each part is invoiced as it ships (docs/decisions/077-invoices-per-shipment.md). */}
      {may("ship:order") && <ShipPartForm order={order} />}
      <div className="flex flex-wrap gap-2">
        {may("deliver:order") && <DeliverButton order={order} run={run} />}
        {may("cancel:order") && <CancelButton order={order} run={run} />}
        {may("refund:order") && <RefundButton order={order} run={run} />}
        {may("credit:order") && <CreditNoteButton order={order} />}
        {refusal}
      </div>
    </div>
  );
}

function ShipForm({ order }: { order: PageOrder }) {
  const ship = useOrderStep(order._id, "ship");
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await ship.mutateAsync(trackingOf(new FormData(event.currentTarget)));
      notify("success", "Order shipped");
    } catch {
      // A 400's messages stand beside their fields; anything else beside Ship order (FormRefusal).
    }
  }

  return (
    <form aria-labelledby={headingId} className="flex flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
      <h3 id={headingId} className="text-lg font-semibold">
        Ship
      </h3>
      {order.paymentMethod === "invoice" && (
        <p className="text-sm">
          On account: shipping issues its invoice, due in {order.netDays} days. Nothing is paid yet.
        </p>
      )}
      <TrackingFields error={ship.error} />
      <FormRefusal error={ship.error} fields={TRACKING_FIELDS} />
      <button type="submit" className="btn btn-primary self-start" disabled={ship.isPending}>
        {order.fulfilmentStatus === "partially-shipped" ? "Ship the rest" : "Ship order"}
      </button>
    </form>
  );
}

function DeliverButton({ order, run }: { order: PageOrder; run: RunStep }) {
  const deliver = useOrderStep(order._id, "deliver");
  const markDelivered = () => run(() => deliver.mutateAsync(undefined), "Order marked delivered");
  return (
    <button type="button" className="btn btn-primary" disabled={deliver.isPending} onClick={() => void markDelivered()}>
      Mark delivered
    </button>
  );
}

function CancelButton({ order, run }: { order: PageOrder; run: RunStep }) {
  const cancel = useOrderStep(order._id, "cancel");
  return (
    <Confirmed
      opener="Cancel order"
      title="Cancel this order?"
      confirm="Cancel order"
      busy={cancel.isPending}
      onConfirm={() => run(() => cancel.mutateAsync(undefined), "Order cancelled")}
    >
      <p>The customer has not paid, so no money goes back. The customer can order this tool again.</p>
    </Confirmed>
  );
}

function RefundButton({ order, run }: { order: PageOrder; run: RunStep }) {
  const refund = useOrderStep(order._id, "refund");
  const asksAboutStock = refundAsksAboutStock(order.status);
  const [restock, setRestock] = useState(false);
  return (
    <Confirmed
      opener="Refund"
      title={`Refund ${formatPrice(order.total)}?`}
      confirm="Refund"
      busy={refund.isPending}
      onConfirm={() => run(() => refund.mutateAsync({ restock: asksAboutStock ? restock : true }), "Order refunded")}
    >
      <p>The payment provider gives {order.userEmail} the whole amount back.</p>
      {asksAboutStock ? (
        <label className="mt-3 flex items-center gap-2">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />
          Return the pieces to stock ({order.quantity})
        </label>
      ) : (
        <p className="mt-2">The {order.quantity} pieces were never shipped: they go back to stock.</p>
      )}
    </Confirmed>
  );
}

/** A button that asks first: a dialog says what will happen, and only its confirm button acts. */
function Confirmed({
  opener,
  title,
  confirm,
  busy,
  onConfirm,
  children,
}: {
  opener: string;
  title: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-error" disabled={busy} onClick={() => setAsking(true)}>
        {opener}
      </button>
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={confirm}
          dismissLabel="Keep the order"
          onConfirm={() => void onConfirm()}
          onClose={() => setAsking(false)}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
