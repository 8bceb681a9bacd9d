import { type CartFillRow, formatPrice } from "@forgeline/contract";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Link } from "../../components/link";
import { RowRefusal } from "../../components/row-refusal";
import { paths } from "../../config/paths";
import type { PageOrder } from "../../lib/order";
import { useNavigate } from "../../lib/router";
import { notify } from "../../lib/toast";
import { useCancelOrder } from "./api/cancel-order";
import { useReorder } from "./api/reorder";

/**
 * What the caller can do with an order, as the server's answer says (`actions`, from the contract's
 * permissions.ts): pay it (an order on account: what its invoice still owes, by card), cancel it, and order all
 * its lines again when it is not theirs to pay now. The page works none of the rules out itself; the server
 * checks each call again anyway.
 */
export function OrderActions({ order }: { order: PageOrder }) {
  const payable = order.actions.includes("pay:order");
  const cancellable = order.actions.includes("cancel:order");
  const onAccount = order.paymentMethod === "invoice";
  // One way forward at a time: a card order the caller may pay is paid, not ordered again. An invoice to pay
  // is for goods already shipped: ordering them again is another matter.
  const again = order.actions.includes("reorder:order") && (!payable || onAccount);
  // Here, not in the button: a refused cancel (paid meanwhile) is said though the button has gone with the answer.
  const cancelOrder = useCancelOrder();
  return (
    <span className="flex flex-wrap gap-2">
      {payable && (
        <Link className="btn btn-primary btn-sm" to={paths.payment(order._id)}>
          {payLabel(order)}
          <span className="sr-only"> for {order.productName}</span>
        </Link>
      )}
      {cancellable && <CancelOrderButton order={order} cancelOrder={cancelOrder} />}
      <RowRefusal error={cancelOrder.error} />
      {again && <OrderAgainButton order={order} />}
    </span>
  );
}

/**
 * What Pay says: an invoice's balance by card, a changed order's difference (decision 076), or the order's total.
 */
function payLabel(order: PageOrder): string {
  if (order.balance === undefined) return "Pay";
  if (order.paymentMethod === "invoice") return `Pay ${formatPrice(order.balance)} by card`;
  return order.paymentStatus === "partially-paid" ? `Pay the difference of ${formatPrice(order.balance)}` : "Pay";
}

/**
 * "Order again": every line of the order into the cart at today's prices. All added, the cart opens; when a
 * line could not be added (withdrawn, above stock), every line's note is said here (a quantity moved to today's
 * rule among them), beside a link to the cart.
 */
function OrderAgainButton({ order }: { order: PageOrder }) {
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
    } catch {
      // Said beside the button (reorder.error).
    }
  }

  return (
    <>
      <button type="button" className="btn btn-sm" disabled={reorder.isPending} onClick={() => void orderAgain()}>
        Order again<span className="sr-only"> {order.productName}</span>
      </button>
      <RowRefusal error={reorder.error} />
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

/** Cancel, after the customer confirms it in a dialog; a toast says it is done, a refusal stands beside the button. */
function CancelOrderButton({
  order,
  cancelOrder,
}: {
  order: PageOrder;
  cancelOrder: ReturnType<typeof useCancelOrder>;
}) {
  const [asking, setAsking] = useState(false);

  async function cancel() {
    try {
      await cancelOrder.mutateAsync(order);
      notify("success", `Your order for ${order.productName} is cancelled`);
    } catch {
      // Said beside the button (cancelOrder.error).
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
