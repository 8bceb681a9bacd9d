import { formatCents, isClosed } from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import { addEvent } from "../ordering/queries/lifecycle.js";
import { findOrder, type OrderRow } from "../ordering/queries/orders.js";
import { type CapturedIntent, capturedIntentsOf, recordRefund } from "./queries.js";
import type { Payments } from "./settle.js";

/**
 * Giving back what a changed card order paid above its new total (docs/decisions/076-the-money-of-a-changed-order.md),
 * after the change committed: payment/ hears `orderChanged` (events/bus.ts) and runs `refundChangeDifference`. The
 * change kept of what was paid only the new total (ordering/change-money.ts), so what the order's captured payments
 * still hold above it is the refund to make: read from the payments and their refunds, never handed over, so a
 * refund that failed is still owed and made by the next call, and one made is never made again. In order:
 *
 * 1. what is held above what the order counts as paid, newest payment first (a difference paid by card is given
 *    back before the first payment is touched), each refund no more than what its payment still holds;
 * 2. each refunded through the provider, outside any transaction, under an idempotency key from the payment and what
 *    was refunded of it before, so a retry after the shop failed to record it is the same refund at the provider;
 * 3. each recorded in one transaction (reason `order-changed`) with the order's history line "Refunded", which the
 *    order's money lists ("Refunded $12.50 to the card"), once: the refund's id is the row's key.
 *
 * A provider that refuses or does not answer is logged; nothing is recorded, and what is owed stays owed.
 */

/** The key of a refund of this payment, given what was refunded of it before: stable across retries. */
const changeRefundKey = ({ intent, refundedCents }: CapturedIntent) => `change-refund-${intent.id}-${refundedCents}`;

/**
 * What the order's payments hold above what it counts as paid, given back to the card; `by` who changed it. Never
 * throws: the change it follows is committed, and its answer must say so; a failure is logged and stays owed.
 */
export async function refundChangeDifference(
  payments: Payments,
  log: FastifyBaseLogger,
  orderId: string,
  by: string,
): Promise<void> {
  try {
    await refundWhatIsHeldAbovePaid(payments, log, orderId, by);
  } catch (error) {
    log.error({ err: error, orderId }, "a change's refund could not be made or recorded; it stays owed");
  }
}

async function refundWhatIsHeldAbovePaid(payments: Payments, log: FastifyBaseLogger, orderId: string, by: string) {
  const { db, provider } = payments;
  const order = await findOrder(db, orderId);
  // A cancelled or refunded order's money went back its own way (order-refund.ts).
  if (order?.paymentMethod !== "card" || isClosed(order.status)) return;
  const captured = await capturedIntentsOf(db, orderId);
  const held = captured.reduce((sum, each) => sum + each.intent.amountCents - each.refundedCents, 0);
  let due = held - order.amountPaidCents;
  for (const each of captured) {
    if (due <= 0) return;
    const cents = Math.min(due, each.intent.amountCents - each.refundedCents);
    if (cents <= 0) continue;
    if (each.intent.provider !== provider.name) {
      log.error({ orderId, intentId: each.intent.id, cents }, "a change's refund is owed on another provider's intent");
      return;
    }
    const refund = await provider.refund(each.intent, cents, changeRefundKey(each));
    if (!refund.ok) {
      log.error(
        { orderId, intentId: each.intent.id, cents, reason: refund.message },
        "the payment provider did not refund a change's difference: it stays owed, made by the next change or retry",
      );
      return;
    }
    await recordChangeRefund(payments, order, { intentId: each.intent.id, refundId: refund.value.refundId, cents, by });
    due -= cents;
  }
}

/** The refund's row and the order's history line, in one transaction and once. */
function recordChangeRefund(
  payments: Payments,
  order: OrderRow,
  refund: { intentId: string; refundId: string; cents: number; by: string },
) {
  const { intentId, refundId, cents } = refund;
  return payments.db.transaction(async (tx) => {
    const recorded = await recordRefund(tx, { id: refundId, intentId, amountCents: cents, reason: "order-changed" });
    if (!recorded) return;
    await addEvent(tx, order, {
      kind: "refunded",
      by: refund.by,
      note: `${formatCents(cents)} refunded to the card: the order was changed to cost less than was paid`,
      money: { cents, paidWith: "card", reference: refundId },
    });
  });
}
