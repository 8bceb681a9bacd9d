import {
  type CartFillRow,
  COLLEAGUE_ACCESS,
  type Company,
  canTransition,
  rolePays,
  transitionsFor,
} from "@forgeline/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useMyCompany } from "../../lib/company";
import type { Order } from "../../lib/order";
import { useSession } from "../../lib/session";
import { notify, notifyError } from "../../lib/toast";
import { useCancelOrder } from "./api/cancel-order";
import { useReorder } from "./api/reorder";

/**
 * What a customer can do with an order, as the contract's one state machine (order-lifecycle.ts) allows:
 * pay it while it can be paid, cancel it when the customer may ("cancel" among their steps), and order all
 * its lines again (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder') when the caller cannot pay it
 * (paid, shipped, cancelled…, or a colleague's). A colleague's order of the caller's company
 * (docs/SELLING-TO-BUSINESSES.md, 'Companies') may be paid by a buyer or an owner, as the contract's COLLEAGUE_ACCESS
 * says (the server decides by the same table); a requester pays not even their own; cancelling stays the order's
 * buyer's. An order awaiting approval is neither paid nor ordered again until an owner decides.
 */
export function OrderActions({ order }: { order: Order }) {
  const own = useSession().data?.email === order.userEmail;
  const companyAnswer = useMyCompany(Boolean(order.companyId));
  const company = companyAnswer.data ?? null;
  // On a company's order, who pays depends on the caller's role: nothing is offered before it is known.
  const payer = order.companyId
    ? companyAnswer.isSuccess && (own ? !requesterOf(company, order) : colleagueMay(company, order, "pay"))
    : own;
  const payable = payer && canTransition("pay", order.status);
  const cancellable = own && transitionsFor("customer", order.status).includes("cancel");
  const again = (!order.companyId || companyAnswer.isSuccess) && !payable && order.status !== "awaiting-approval";
  return (
    <span className="flex flex-wrap gap-2">
      {payable && (
        <Link className="btn btn-primary btn-sm" to={paths.payment(order._id)}>
          Pay<span className="sr-only"> for {order.productName}</span>
        </Link>
      )}
      {cancellable && <CancelOrderButton order={order} />}
      {again && <OrderAgainButton order={order} />}
    </span>
  );
}

/**
 * Whether the caller is a requester of the order's company, who never pays (docs/SELLING-TO-BUSINESSES.md,
 * 'Companies').
 */
function requesterOf(company: Company | null, order: Order): boolean {
  return company?.role != null && order.companyId === company._id && !rolePays(company.role);
}

/** Whether the caller, a member of `company` (null: none), may do this to a colleague's order of it. */
function colleagueMay(company: Company | null, order: Order, access: "pay"): boolean {
  return company !== null && company.role !== null && order.companyId === company._id
    ? COLLEAGUE_ACCESS[company.role].includes(access)
    : false;
}

/**
 * "Order again": every line of the order into the cart at today's prices. All added, the cart opens; when a
 * line could not be added (withdrawn, above stock), every line's note is said here (a quantity moved to today's
 * rule among them), beside a link to the cart.
 */
function OrderAgainButton({ order }: { order: Order }) {
  const navigate = useNavigate();
  const reorder = useReorder();
  const [notes, setNotes] = useState<CartFillRow[]>([]);

  async function orderAgain() {
    setNotes([]);
    try {
      const { report } = await reorder.mutateAsync(order._id);
      if (report.every((row) => row.status === "added")) {
        notify("success", `The lines of your order for ${order.productName} are in your cart`);
        navigate(paths.cart);
      } else setNotes(report);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-sm" disabled={reorder.isPending} onClick={() => void orderAgain()}>
        Order again<span className="sr-only"> {order.productName}</span>
      </button>
      <span role="status" className="basis-full text-sm">
        {notes.length > 0 && (
          <>
            <span className="block">Not every line could go into your cart:</span>
            <ul className="list-inside list-disc">
              {notes.map((row) => (
                <li key={row.row} className={row.status === "error" ? "text-error" : ""}>
                  {row.sku}: {row.message}
                </li>
              ))}
            </ul>
            <Link className="link link-primary" to={paths.cart}>
              Go to your cart
            </Link>
          </>
        )}
      </span>
    </>
  );
}

/** Cancel, after the customer confirms it in a dialog; a toast says how it went. */
function CancelOrderButton({ order }: { order: Order }) {
  const [asking, setAsking] = useState(false);
  const cancelOrder = useCancelOrder();

  async function cancel() {
    try {
      await cancelOrder.mutateAsync(order);
      notify("success", `Your order for ${order.productName} is cancelled`);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        disabled={cancelOrder.isPending}
        onClick={() => setAsking(true)}
      >
        Cancel<span className="sr-only"> the order for {order.productName}</span>
      </button>
      {asking && (
        <ConfirmDialog
          title={`Cancel your order for ${order.productName}?`}
          confirmLabel="Cancel order"
          dismissLabel="Keep order"
          onConfirm={() => void cancel()}
          onClose={() => setAsking(false)}
        >
          Nothing has been paid, so nothing is charged. You can order this tool again at any time.
        </ConfirmDialog>
      )}
    </>
  );
}
