import { QUANTITY_UNIT } from "@forgeline/contract";
import { PricedLines } from "../../components/priced-order";
import type { PageOrder } from "../../lib/order";

/** What an order is for (the payment page): every line as it was priced, the totals and the PO number. */
export function OrderSummary({ order }: { order: PageOrder }) {
  return (
    <section aria-labelledby="order-summary-heading" className="mt-8 flex flex-col gap-2">
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        What the order holds
      </h2>
      <p className="text-sm text-base-content/80">
        {order.lines.length} {order.lines.length === 1 ? "line" : "lines"}, {order.quantity}{" "}
        {QUANTITY_UNIT.toLowerCase()}
      </p>
      <PricedLines priced={order} poNumber={order.poNumber} />
    </section>
  );
}
