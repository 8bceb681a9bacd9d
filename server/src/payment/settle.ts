import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { findOrder, type OrderRow } from "../ordering/queries/orders.js";
import { takeBalancePayment } from "./balance.js";
import { markOrderPaid } from "./mark-paid.js";
import { type Outcome, ok, type PaymentProvider, type ProviderIntent } from "./providers.js";
import { type IntentRow, type RefundReason, setIntentStatus } from "./queries.js";
import { refundIntent } from "./refund.js";

/** What settling a payment needs: the database, the provider, and what to do once stock was taken. */
export interface Payments {
  db: Database;
  provider: PaymentProvider;
  /** A paid order takes stock, which the cached catalogue pages show. */
  stockTaken: () => Promise<void>;
}

/**
 * `paid`: this intent paid the order just now; `already-paid`: it had before (a replay);
 * `paid-by-another`: another intent had, so this one was canceled or refunded; `out-of-stock`: the stock
 * no longer covers the order, so this one was canceled or refunded and the order stays unpaid; `refused`:
 * likewise, for another rule of the order (ordering/order-rules.ts);
 * `pending`: the customer has not finished; `canceled`: nothing was or will be charged.
 */
export type Settlement =
  | "paid"
  | "already-paid"
  | "paid-by-another"
  | "out-of-stock"
  | "refused"
  | "pending"
  | "canceled";

type Done = Outcome<undefined>;
const done: Done = ok(undefined);
const then = (result: Done, settlement: Settlement): Outcome<Settlement> => (result.ok ? ok(settlement) : result);

/**
 * Applies what the provider says of one of the shop's intents: from the webhook, the payment page and a
 * new Pay alike. An authorized intent marks its order paid (one transaction with the stock) and only then
 * is captured; an intent the shop will not keep (its order was paid by another intent, or the stock is
 * gone) is canceled, or refunded if its money was already taken, and logged. A replay changes nothing.
 * An intent for the balance of an order on account pays its invoice instead (`settleBalance`), and so does one for
 * the difference a changed card order owes (any intent of a card order paid once by another: decision 076).
 * `known`: the intent's order, when the caller has just read it (the payment page's confirm).
 */
export async function settleIntent(
  payments: Payments,
  log: FastifyBaseLogger,
  row: IntentRow,
  current: ProviderIntent,
  known?: OrderRow,
): Promise<Outcome<Settlement>> {
  if (current.state === "open") return ok("pending");
  if (current.state === "canceled") {
    await setIntentStatus(payments.db, row.id, "canceled");
    return ok("canceled");
  }
  if (current.amountCents !== row.amountCents) {
    const why = `payment of ${current.amountCents} cents for an order of ${row.amountCents}: released`;
    return then(await release(payments, log, row, current, "amount-mismatch", why), "canceled");
  }
  const placed = known ?? (await findOrder(payments.db, row.orderId));
  if (!placed)
    return then(
      await release(payments, log, row, current, "duplicate", "a payment for an order that no longer exists: released"),
      "canceled",
    );
  if (placed.paymentMethod === "invoice" || paysDifference(placed, row)) {
    return settleBalance(payments, log, row, current, placed);
  }
  const marked = await markOrderPaid(payments.db, placed, row.id, row.amountCents);
  if (marked === "changed") {
    const why = "the order was changed since this payment was opened and costs another amount: released";
    return then(await release(payments, log, row, current, "amount-mismatch", why), "canceled");
  }
  if (marked === "paid") {
    await payments.stockTaken();
    return then(await keep(payments, log, row, current), "paid");
  }
  if (marked === "out-of-stock") {
    const why = "the stock no longer covers the order: its payment is released and the order stays unpaid";
    return then(await release(payments, log, row, current, "out-of-stock", why), "out-of-stock");
  }
  if (marked === "refused") {
    const why = "the order rules no longer let the order through: its payment is released and it stays unpaid";
    return then(await release(payments, log, row, current, "order-rules", why), "refused");
  }
  const order = await findOrder(payments.db, row.orderId);
  if (order?.transactionId === row.id) return then(await keep(payments, log, row, current), "already-paid");
  if (order?.status === "cancelled") {
    const why = "a payment for an order cancelled meanwhile: released";
    return then(await release(payments, log, row, current, "order-cancelled", why), "canceled");
  }
  const why = `a second payment for an order already paid by ${order?.transactionId}: released`;
  return then(await release(payments, log, row, current, "duplicate", why), "paid-by-another");
}

/**
 * An intent of a card order paid already by another one: for the difference a change left owing (or a second payment,
 * which finds nothing owed and is given back as before).
 */
const paysDifference = (order: OrderRow, row: IntentRow) =>
  order.paymentMethod === "card" && order.transactionId !== null && order.transactionId !== row.id;

/**
 * An authorized intent for the balance of an invoice on account, or a changed card order's difference (balance.ts):
 * its money is recorded (the ledger, or the order) and only then captured; when less is owed by now, or its order
 * was closed, it is given back.
 */
async function settleBalance(
  payments: Payments,
  log: FastifyBaseLogger,
  row: IntentRow,
  current: ProviderIntent,
  order: OrderRow,
): Promise<Outcome<Settlement>> {
  const taken = await takeBalancePayment(payments.db, row, order);
  if (taken === "paid") return then(await keep(payments, log, row, current), "paid");
  if (taken === "recorded-already") return then(await keep(payments, log, row, current), "already-paid");
  // Given back as a second payment, not as a refund of money the shop had counted (the overview's revenue).
  if (taken === "closed") {
    const why = "a card payment of an invoice whose order was cancelled or refunded meanwhile: released";
    return then(await release(payments, log, row, current, "duplicate", why), "canceled");
  }
  if (taken === "paid-meanwhile") {
    const why =
      order.paymentMethod === "card"
        ? `a second payment for an order already paid by ${order.transactionId}: released`
        : "a card payment of an invoice paid meanwhile: released";
    return then(await release(payments, log, row, current, "duplicate", why), "paid-by-another");
  }
  const why = "a card payment above what the invoice owes now: released, the buyer pays the new balance";
  return then(await release(payments, log, row, current, "amount-mismatch", why), "canceled");
}

/** Asks the provider where one of the shop's intents stands now, and settles it. */
export async function settleFromProvider(
  payments: Payments,
  log: FastifyBaseLogger,
  row: IntentRow,
): Promise<Outcome<Settlement>> {
  const current = await payments.provider.retrieveIntent(row);
  return current.ok ? settleIntent(payments, log, row, current.value) : current;
}

/** Captures the intent that paid its order; a failed capture is tried again by the next webhook or visit. */
async function keep(payments: Payments, log: FastifyBaseLogger, row: IntentRow, current: ProviderIntent) {
  if (row.status === "succeeded") return done;
  if (current.state === "capturable") {
    const captured = await payments.provider.captureIntent(row);
    if (!captured.ok) {
      log.error(
        { orderId: row.orderId, intentId: row.id, reason: captured.message },
        "the order is paid but its payment is not captured yet; the next webhook or visit of the payment page tries again",
      );
      return captured;
    }
  }
  await setIntentStatus(payments.db, row.id, "succeeded");
  return done;
}

/** Gives up an intent the shop will not keep: canceled while only authorized, refunded once captured. */
async function release(
  payments: Payments,
  log: FastifyBaseLogger,
  row: IntentRow,
  current: ProviderIntent,
  reason: RefundReason,
  why: string,
): Promise<Done> {
  if (row.status === "canceled" || row.status === "refunded") return done;
  log.warn({ orderId: row.orderId, intentId: row.id, state: current.state }, why);
  if (current.state === "capturable") {
    const canceled = await payments.provider.cancelIntent(row);
    if (!canceled.ok) return canceled;
    await setIntentStatus(payments.db, row.id, "canceled");
    return done;
  }
  const refunded = await refundIntent(payments.db, payments.provider, row, reason);
  return refunded.ok ? done : refunded;
}
