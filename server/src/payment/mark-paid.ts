import { canTransition } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { holderOf, lockOrdersOf, otherOrdersRefusal } from "../ordering/order-rules.js";
import { takeOrderStock } from "../ordering/queries/order-stock.js";
import { linesOf, type OrderRow } from "../ordering/queries/orders.js";
import { buyerConfirmed } from "../ordering/queries/outbox.js";
import { markPaid, paidInvoiceOf } from "../ordering/queries/pay-order.js";

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
 * id and a line in its history (only if it was unpaid, so a replay or a concurrent attempt changes nothing), each
 * line's pieces are allocated in the warehouses (only if the stock covers every line; otherwise nothing is written),
 * and its invoice is numbered. `order` is as the caller read it: who holds it never changes, and where it stands is
 * read again under its lock.
 *
 * The rows every payment shares come last, so that twenty payments at once queue for a few statements each, not
 * for the whole payment (docs/STOCK.md, 'When an order takes its pieces'): first the buyer's own locks, rules and
 * order row, then the tool's stock, then the invoice counter and the day's sales, then the commit.
 */
export async function markOrderPaid(
  db: Database,
  order: OrderRow,
  transactionId: string,
  amountCents?: number,
): Promise<MarkPaidResult> {
  try {
    return await db.transaction(async (tx) => {
      // Under the buyer's order locks, as when it was placed: the rules it passed then must hold now, and its lines
      // (which a change rewrites under the same locks) are read once for the rules, the stock and the receipt.
      await lockOrdersOf(tx, holderOf(order));
      const lines = await linesOf(tx, order.id);
      if (canTransition("pay", order) && (await otherOrdersRefusal(tx, order, lines))) return "refused";
      const paid = await markPaid(tx, order, transactionId);
      if (!paid) return "not-unpaid";
      // The order may have been changed (ordering/change-order.ts) since the payment was opened for its old total:
      // the locked row's total is final, and another amount rolls the payment mark back.
      if (amountCents !== undefined && paid.totalCents !== amountCents) throw new OrderChanged();
      // What the receipt needs besides, read before the rows every payment shares are taken.
      const invoice = await paidInvoiceOf(tx, paid, { lines, confirmed: await buyerConfirmed(tx, paid) });
      // Every line's stock or none, from the warehouses (docs/STOCK.md), written with the invoice, its sales and its
      // receipt: one line short (of a tool that takes no backorders) rolls back the others and the payment mark.
      if ("short" in (await takeOrderStock(tx, order.id, paid.userEmail, lines, invoice))) throw new OutOfStock();
      return "paid";
    });
  } catch (error) {
    if (error instanceof OutOfStock) return "out-of-stock";
    if (error instanceof OrderChanged) return "changed";
    throw error;
  }
}
