import { balancePaymentRefusal, invoicedOwedCents, isClosed } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { findOrder, type OrderRow } from "../ordering/queries/orders.js";
import { recordCardPayment } from "../receivables/record-payment.js";
import type { IntentRow } from "./queries.js";

/**
 * Paying an invoice's balance by card (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'): the intent is
 * for what the invoice owes when the buyer asks (never an amount the browser sends), and settles through the
 * same paths as a card order's (the test confirmation, the payment page's reconcile, the provider's webhook);
 * what it pays goes into the company's ledger as a `card-payment` entry, and no stock moves.
 */

/**
 * Why this order's balance cannot be paid by card now (409), or undefined: what its invoices owe, not the pieces
 * still to ship (decision 077).
 */
export const balanceRefusalOf = (order: OrderRow): string | undefined =>
  balancePaymentRefusal({ ...order, balance: invoicedOwedCents(order) });

/**
 * `paid`: the intent paid the invoice now; `recorded-already`: it had (a replay); `closed`: the order was
 * cancelled or refunded meanwhile; `paid-meanwhile`: nothing is owed any more (a transfer, another card payment
 * or a credit note came first); `balance-changed`: less is owed than the intent took. The last three give the
 * money back.
 */
export type BalanceTaken = "paid" | "recorded-already" | "closed" | "paid-meanwhile" | "balance-changed";

/** Records an authorized intent's money against its order's invoice, in one transaction under the locks. */
export async function takeBalancePayment(db: Database, row: IntentRow, order: OrderRow): Promise<BalanceTaken> {
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
