import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import type { Order } from "../../lib/order";
import { notify } from "../../lib/toast";
import { useCancelOrder } from "./api/cancel-order";

/**
 * What a customer can do with an order: pay or cancel it while it is unpaid, and order the same tool again
 * once it is anything else (the order modal opens for that product).
 */
export function OrderActions({ order }: { order: Order }) {
  if (order.status !== "unpaid") {
    return (
      <Link className="btn btn-sm" to={paths.orderDetails(order.productId)}>
        Order again<span className="sr-only"> {order.productName}</span>
      </Link>
    );
  }
  return (
    <span className="flex flex-wrap gap-2">
      <Link className="btn btn-primary btn-sm" to={paths.payment(order._id)}>
        Pay<span className="sr-only"> for {order.productName}</span>
      </Link>
      <CancelOrderButton order={order} />
    </span>
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
      notify("error", error instanceof Error ? error.message : String(error));
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
