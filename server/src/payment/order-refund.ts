import { canTransition, ORDER_STATUS_MESSAGES, type OrderRecord, refundAsksAboutStock } from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { changeStatus } from "../ordering/queries/lifecycle.js";
import { clearWaiting, giveBackOrderStockOf } from "../ordering/queries/order-stock.js";
import { findOrder } from "../ordering/queries/orders.js";
import { orderWithHistory } from "../ordering/queries/wire.js";
import type { PaymentProvider } from "./providers.js";
import { capturedIntentsOf, findIntent, recordRefund, setIntentStatus } from "./queries.js";

/**
 * The refund of an order at the provider: one key per order and payment (the payment that paid it keeps the order's
 * own key), so a retry never refunds twice.
 */
export const refundKeyOf = (orderId: string, intentId?: string) =>
  intentId ? `refund-order-${orderId}-${intentId}` : `refund-order-${orderId}`;

export const REFUND_NOT_RECORDED =
  "The payment provider refunded the order, but the shop could not record it yet. Refund it again to finish: " +
  "the customer is not refunded twice.";

/**
 * An admin's refund of a paid, shipped or delivered order, in three steps so that the provider is never
 * called inside a database transaction (a transaction holding row locks while a provider answers slowly
 * would hold every payment of that order):
 * 1. the order is checked (its status allows a refund, its payment is ours);
 * 2. the provider refunds what each of the order's payments still holds (the one that paid it, and a difference paid
 *    after a change, less what a change gave back: decision 076) under an idempotency key made from the order, so a
 *    retried refund is the same refund (a provider that refuses: 502, nothing changed);
 * 3. one transaction turns the order `refunded` (its row locked, so of two refunds at once the second is
 *    refused), puts the pieces back (always for a paid order; for the others if the admin says so), records
 *    the refund and writes the history and the audit entry.
 * If step 3 fails after the provider refunded, the order still says paid and the answer says so: refunding
 * again repeats step 2 with the same key (the provider answers the same refund) and completes step 3. That
 * retry is the reconciliation, for an admin or for anything that retries it.
 */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  request: { orderId: string; admin: string; restock: boolean },
): Promise<{ order: OrderRecord; restocked: boolean }> {
  const { orderId, admin } = request;
  const current = await findOrder(db, orderId);
  if (!current) throw new HttpError(404, "No such order.");
  if (!canTransition("refund", current)) throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotRefund(current));
  const intent = current.transactionId ? await findIntent(db, provider.name, current.transactionId) : undefined;
  if (!intent) throw new HttpError(409, ORDER_STATUS_MESSAGES.paidElsewhere);
  // The payment that paid it is always asked (a provider refuses an amount it does not hold: 502); the others while
  // they hold something.
  const held = (await capturedIntentsOf(db, orderId, intent.id))
    .map((each) => ({ intent: each.intent, cents: each.intent.amountCents - each.refundedCents }))
    .filter((each) => each.cents > 0 || each.intent.id === intent.id);
  if (held.some((each) => each.intent.provider !== provider.name)) {
    throw new HttpError(409, ORDER_STATUS_MESSAGES.paidElsewhere);
  }
  if (held.every((each) => each.cents <= 0)) {
    // A refund at the same moment gave it all back (its rows are written in the transaction that turns the order
    // refunded): refused as the order is now, not asked of the provider for nothing (a 502).
    const now = await findOrder(db, orderId);
    if (now && !canTransition("refund", now)) throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotRefund(now));
  }

  const refunds: { intentId: string; refundId: string; cents: number }[] = [];
  for (const each of held) {
    const key = refundKeyOf(orderId, each.intent.id === intent.id ? undefined : each.intent.id);
    const refunded = await provider.refund(each.intent, each.cents, key);
    if (!refunded.ok) {
      log.error(
        { orderId, intentId: each.intent.id, reason: refunded.message },
        "the payment provider refused a refund",
      );
      throw new HttpError(502, ORDER_STATUS_MESSAGES.refundFailed);
    }
    refunds.push({ intentId: each.intent.id, refundId: refunded.value.refundId, cents: each.cents });
  }
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.cents, 0);
  const refundId = refunds.find((refund) => refund.intentId === intent.id)?.refundId ?? refunds[0]?.refundId ?? null;

  try {
    return await db.transaction(async (tx) => {
      const change = await changeStatus(tx, orderId, {
        transition: "refund",
        by: admin,
        note: (before) =>
          !refundAsksAboutStock(before.status) || request.restock
            ? "Pieces returned to stock"
            : "Pieces not returned to stock",
        money: { cents: refundedCents, paidWith: "card", reference: current.transactionId },
      });
      if (change.kind === "missing") throw new HttpError(404, "No such order.");
      if (change.kind === "refused") throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotRefund(change.order));
      const { before, after } = change;
      let restocked = false;
      if (!refundAsksAboutStock(before.status) || request.restock) {
        // Every piece goes back where the ledger says it came from; a tool deleted meanwhile still has its row.
        await giveBackOrderStockOf(tx, orderId, admin);
        restocked = true;
      }
      // A refunded order waits for no more pieces, returned or not.
      await clearWaiting(tx, orderId);
      for (const refund of refunds) {
        await recordRefund(tx, {
          id: refund.refundId,
          intentId: refund.intentId,
          amountCents: refund.cents,
          reason: "order-refunded",
        });
        await setIntentStatus(tx, refund.intentId, "refunded");
      }
      await recordAudit(tx, {
        actor: admin,
        action: "order.refund",
        target: orderId,
        before: { status: before.status },
        after: { status: after.status, refundId, restocked },
      });
      return { order: await orderWithHistory(tx, after), restocked };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log.error(
      { err: error, orderId, intentId: intent.id, refunds },
      "the provider refunded an order the shop could not record; refunding it again completes it",
    );
    throw new HttpError(503, REFUND_NOT_RECORDED);
  }
}
