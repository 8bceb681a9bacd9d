import { formatPrice, QUANTITY_UNIT } from "@forgeline/contract";
import type { Order } from "../../lib/order";

/** What an order is for: the product, how many pieces, and the total. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-box bg-base-200 p-4 text-sm">
      <dt className="text-base-content/70">Product</dt>
      <dd className="font-medium">{order.productName}</dd>
      <dt className="text-base-content/70">Quantity</dt>
      <dd>
        {order.quantity} {QUANTITY_UNIT}
      </dd>
      <dt className="text-base-content/70">Total</dt>
      <dd className="text-lg font-bold">{formatPrice(order.total)}</dd>
    </dl>
  );
}
