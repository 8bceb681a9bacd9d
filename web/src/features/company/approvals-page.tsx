import { COMPANY_LIMITS, type Company, formatPrice } from "@forgeline/contract";
import { type FormEvent, useRef, useState } from "react";
import { TextAreaField } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { LinesInBrief } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import type { Order } from "../../lib/order";
import { useSession } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useCompanyOrders, useDecide } from "./api/orders";
import { CompanyRequired } from "./company-required";
import { dateText, memberName } from "./roles";

const awaiting = (orders: Order[]) => orders.filter((order) => order.status === "awaiting-approval");
const buyerOf = (order: Order) => memberName({ name: order.userName, email: order.userEmail });

/**
 * /dashboard/approvals (company owners; DESIGN.md 10.4): the company's orders that wait, each with Approve
 * (it can then be paid) and Reject (with a note, asked in a dialog: it is cancelled). Nobody decides on
 * their own order. After a decision the list is fetched again and the focus returns to the page's heading,
 * so the keyboard carries on from the top of what is left.
 */
export default function ApprovalsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="approvals-heading" className="flex flex-col gap-4">
      <h1 id="approvals-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
        Approvals
      </h1>
      <CompanyRequired>
        {(company) =>
          company.role === "owner" ? (
            <Approvals company={company} onDecided={() => heading.current?.focus()} />
          ) : (
            <p>Only the company's owners approve orders. Your orders that wait show as "Awaiting approval".</p>
          )
        }
      </CompanyRequired>
    </section>
  );
}

function Approvals({ company, onDecided }: { company: Company; onDecided: () => void }) {
  const orders = useCompanyOrders(company._id);
  const decide = useDecide(company._id);
  const me = useSession().data?.email;
  const [rejecting, setRejecting] = useState<Order | null>(null);

  async function approve(order: Order) {
    if (decide.isPending) return;
    try {
      await decide.mutateAsync({ orderId: order._id, step: "approve" });
      notify("success", `Approved the order for ${order.productName} by ${buyerOf(order)}`);
      onDecided();
    } catch (error) {
      notify("error", error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <p className="text-sm text-base-content/80">
        A requester's order, and an order that would take a member over their monthly limit, waits here. Approved, it
        can be paid; rejected, it is cancelled with your note. Its buyer is mailed either way.
      </p>
      <QueryState
        query={orders}
        what="orders awaiting approval"
        isEmpty={(list) => awaiting(list).length === 0}
        empty="No order awaits approval."
      >
        {(list) => (
          <ul aria-label="Orders awaiting approval" className="flex flex-col gap-3">
            {awaiting(list).map((order) => (
              <li
                key={order._id}
                className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    <Link className="link" to={paths.myOrder(order._id)}>
                      {order.productName}
                    </Link>
                  </h2>
                  <p className="text-sm">
                    {formatPrice(order.total)} by {buyerOf(order)}, {dateText(order.createdAt)}
                    {order.poNumber && `, PO ${order.poNumber}`}
                  </p>
                  <LinesInBrief lines={order.lines} />
                </div>
                {order.userEmail === me ? (
                  <p className="text-sm">Your own order: another owner decides.</p>
                ) : (
                  <div className="flex gap-2">
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => void approve(order)}>
                      Approve
                      <span className="sr-only">
                        {" "}
                        the order for {order.productName} by {buyerOf(order)}
                      </span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-error btn-outline btn-sm"
                      onClick={() => setRejecting(order)}
                    >
                      Reject
                      <span className="sr-only">
                        {" "}
                        the order for {order.productName} by {buyerOf(order)}
                      </span>
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {rejecting && (
        <RejectDialog company={company} order={rejecting} onClose={() => setRejecting(null)} onRejected={onDecided} />
      )}
    </>
  );
}

/** Reject, with a note the buyer is mailed (required: the server says so beside the field otherwise). */
function RejectDialog({
  company,
  order,
  onClose,
  onRejected,
}: {
  company: Company;
  order: Order;
  onClose: () => void;
  onRejected: () => void;
}) {
  const reject = useDecide(company._id);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      await reject.mutateAsync({ orderId: order._id, step: "reject", note: formText(new FormData(form), "note") });
      notify("success", `Rejected the order for ${order.productName} by ${buyerOf(order)}`);
      close();
      onRejected();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <FormDialog title={`Reject the order for ${order.productName}?`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          <FormRefusal error={reject.error} fields={["note"]} />
          <p className="text-sm">
            The order of {buyerOf(order)} is cancelled; they are mailed your note. Nothing was paid.
          </p>
          <TextAreaField
            label="Note to the buyer: why it is rejected"
            name="note"
            rows={3}
            maxLength={COMPANY_LIMITS.rejectionNote}
            error={fieldError(reject.error, "note")}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Keep waiting
            </button>
            <button type="submit" className="btn btn-error" disabled={reject.isPending}>
              Reject order
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
