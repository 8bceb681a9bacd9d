import { COMPANY_LIMITS, type Company, formatPrice } from "@forgeline/contract";
import { useRef, useState } from "react";
import { TextAreaField } from "../../components/field";
import { FormRefusal, fieldError } from "../../components/form-refusal";
import { Link } from "../../components/link";
import { LinesInBrief } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { dateText } from "../../lib/date-text";
import type { PageOrder } from "../../lib/order";
import { notify } from "../../lib/toast";
import { useCompanyOrders, useDecide } from "./api/orders";
import { CompanyRequired } from "./company-required";
import { memberName } from "./roles";

const awaiting = (orders: PageOrder[]) => orders.filter((order) => order.status === "awaiting-approval");
const buyerOf = (order: PageOrder) => memberName({ name: order.userName, email: order.userEmail });

/**
 * /dashboard/approvals (company owners; docs/SELLING-TO-BUSINESSES.md, 'Companies'): the company's orders that wait,
 * each with a note to its buyer, Approve (it can then be paid; the note is optional) and Reject (it is cancelled; the
 * note is required), as each order's `actions` allow: nobody decides on their own order. After a decision the list is
 * fetched again and the focus returns to the page's heading, so the keyboard carries on from the top of what is left.
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
          company.actions.includes("approve:order") ? (
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

  return (
    <>
      <p className="text-sm text-base-content/80">
        A requester's order, and an order that would take a member over their monthly limit, waits here. Approved, it
        can be paid; rejected, it is cancelled. A note goes to its buyer with either (it is required to reject).
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
              <li key={order._id} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    <Link className="link" to={paths.myOrder(order._id)}>
                      Order {order.number}
                    </Link>
                  </h2>
                  <p className="text-sm">
                    {formatPrice(order.total)} by {buyerOf(order)}, {dateText(order.createdAt)}
                    {order.poNumber && `, PO ${order.poNumber}`}
                  </p>
                  <HowItIsPaid order={order} />
                  <LinesInBrief lines={order.lines} />
                  <WhyItWaits order={order} />
                </div>
                {order.actions.includes("approve:order") ? (
                  <Decision company={company} order={order} onDecided={onDecided} />
                ) : (
                  <p className="text-sm">Your own order: another owner decides.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

/**
 * Approve or Reject one order, with a note to its buyer typed beside them: optional to approve, required to
 * reject. The server's refusal of the note stands beside the field, which takes the focus; any other
 * refusal (a 409: another owner decided first) above it. Tab from the note reaches Approve, then Reject.
 */
function Decision({ company, order, onDecided }: { company: Company; order: PageOrder; onDecided: () => void }) {
  const decide = useDecide(company._id);
  const [note, setNote] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  const about = `order ${order.number} (${order.productName}) by ${buyerOf(order)}`;

  async function submit(step: "approve" | "reject") {
    if (decide.isPending) return;
    try {
      await decide.mutateAsync({ orderId: order._id, step, note: note.trim() });
      notify("success", `${step === "approve" ? "Approved" : "Rejected"} ${about}`);
      onDecided();
    } catch (error) {
      if (fieldError(error, "note")) field.current?.focus();
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        ref={field}
        label={`Note to ${buyerOf(order)} (optional to approve, required to reject)`}
        name="note"
        rows={2}
        maxLength={COMPANY_LIMITS.rejectionNote}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={fieldError(decide.error, "note")}
      />
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={decide.isPending}
          onClick={() => void submit("approve")}
        >
          Approve<span className="sr-only"> {about}</span>
        </button>
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          disabled={decide.isPending}
          onClick={() => void submit("reject")}
        >
          Reject<span className="sr-only"> {about}</span>
        </button>
      </div>
      <FormRefusal error={decide.error} fields={["note"]} />
    </div>
  );
}

/** Approving an order on account lends the company credit, so the owner reads that it is one before deciding. */
function HowItIsPaid({ order }: { order: PageOrder }) {
  return (
    <p className="text-sm">
      {order.paymentMethod === "invoice"
        ? `On account (net ${order.netDays}): approved, it uses the company's credit`
        : "By card"}
    </p>
  );
}

/** Why the order waits (a requester's, or over a monthly limit), as its history's first line says it. */
function WhyItWaits({ order }: { order: PageOrder }) {
  const why = order.statusHistory[0]?.note?.match(/Waits for an owner: .*/)?.[0];
  return why ? <p className="text-sm">{why}</p> : null;
}
