import { balanceCents, balancePaymentRefusal, invoicedOwedCents, isClosed } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { payDifferenceOnOrder } from "../ordering/queries/difference.js";
import { findOrder, type OrderRow } from "../ordering/queries/orders.js";
import { recordCardPayment } from "../receivables/record-payment.js";
import type { IntentRow } from "./queries.js";

/**
 * Paying an invoice's balance by card (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'): the intent is
 * for what the invoice owes when the buyer asks (never an amount the browser sends), and settles through the
 * same paths as a card order's (the test confirmation, the payment page's reconcile, the provider's webhook);
 * what it pays goes into the company's ledger as a `card-payment` entry, and no stock moves. A card order changed to
 * cost more than was paid owes the difference, paid the same way (docs/decisions/076-the-money-of-a-changed-order.md):
 * its money goes on the order (ordering/queries/difference.ts), which has no ledger of a company to go into.
 */

/**
 * Why this order's balance cannot be paid by card now (409), or undefined: what its invoices owe, not the pieces
 * still to ship (decision 077).
 */
export const balanceRefusalOf = (order: OrderRow): string | undefined =>
  balancePaymentRefusal({ ...order, balance: balanceCents(order) });

/**
 * `paid`: the intent paid the invoice now; `recorded-already`: it had (a replay); `closed`: the order was
 * cancelled or refunded meanwhile; `paid-meanwhile`: nothing is owed any more (a transfer, another card payment
 * or a credit note came first); `balance-changed`: less is owed than the intent took. The last three give the
 * money back.
 */
export type BalanceTaken = "paid" | "recorded-already" | "closed" | "paid-meanwhile" | "balance-changed";

/** Records an authorized intent's money against its order's invoice, or difference, in one transaction under locks. */
export async function takeBalancePayment(db: Database, row: IntentRow, order: OrderRow): Promise<BalanceTaken> {
  if (order.paymentMethod === "card") {
    return payDifferenceOnOrder(db, {
      orderId: row.orderId,
      reference: row.id,
      cents: row.amountCents,
      by: order.userEmail,
    });
  }
  const { companyId } = order;
  if (!companyId) return "closed";
  const recorded = await db.transaction((tx) =>
    recordCardPayment(tx, {
      companyId,
      orderId: row.orderId,
      reference: row.id,
      cents: row.amountCents,
      by: order.userEmail,
    }),
  );
  if (recorded !== "not-owed") return recorded;
  const now = await findOrder(db, row.orderId);
  if (!now || isClosed(now.status)) return "closed";
  return invoicedOwedCents(now) > 0 ? "balance-changed" : "paid-meanwhile";
}
