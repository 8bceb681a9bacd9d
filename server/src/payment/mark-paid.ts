import { canTransition } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { holderOf, lockOrdersOf, otherOrdersRefusal } from "../ordering/order-rules.js";
import { markPaid } from "../ordering/queries/lifecycle.js";
import { takeOrderStock } from "../ordering/queries/order-stock.js";
import { findOrder } from "../ordering/queries/orders.js";

/**
 * `not-unpaid`: the order was paid already (a replay, or another intent) or cancelled meanwhile;
 * `refused`: the order rules no longer let it through (ordering/order-rules.ts `otherOrdersRefusal`);
 * `changed`: the order was changed since the payment was opened, so it costs another amount (decision 072).
 */
export type MarkPaidResult = "paid" | "not-unpaid" | "out-of-stock" | "refused" | "changed";

class OutOfStock extends Error {}
class OrderChanged extends Error {}

/**
 * The only way an order becomes paid: in one transaction the order is marked paid with its transaction
 * id and a line in its history (only if it was unpaid, so a replay or a concurrent attempt changes nothing) and each
 * line's pieces are allocated in the warehouses (only if the stock covers every line; otherwise nothing is written).
 */
export async function markOrderPaid(
  db: Database,
  orderId: string,
  transactionId: string,
  amountCents?: number,
): Promise<MarkPaidResult> {
  try {
    return await db.transaction(async (tx) => {
      const order = await findOrder(tx, orderId);
      if (!order) return "not-unpaid";
      // Under the buyer's order locks, as when it was placed: the rules it passed then must hold now.
      await lockOrdersOf(tx, holderOf(order));
      if (canTransition("pay", order) && (await otherOrdersRefusal(tx, order))) return "refused";
      const paid = await markPaid(tx, orderId, transactionId);
      if (!paid) return "not-unpaid";
      // The order may have been changed (ordering/change-order.ts) since the payment was opened for its old total:
      // the locked row's total is final, and another amount rolls the payment mark back.
      if (amountCents !== undefined && paid.totalCents !== amountCents) throw new OrderChanged();
      // Every line's stock or none, from the warehouses (docs/STOCK.md): one line short (of a tool that takes no
      // backorders) rolls back the others and the payment mark.
      if ("short" in (await takeOrderStock(tx, orderId, paid.userEmail))) throw new OutOfStock();
      return "paid";
    });
  } catch (error) {
    if (error instanceof OutOfStock) return "out-of-stock";
    if (error instanceof OrderChanged) return "changed";
    throw error;
  }
}
