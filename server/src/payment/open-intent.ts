import type { FastifyBaseLogger } from "fastify";
import type { OrderRow } from "../ordering/queries/orders.js";
import { failed, type Outcome, ok } from "./providers.js";
import { changeIntentStatus, closedIntentCount, type IntentRow, openIntentOf, recordOpenIntent } from "./queries.js";
import { type Payments, type Settlement, settleIntent } from "./settle.js";

/**
 * The intent a Pay answers, for `amountCents`: the order's total, or for an order on account its invoice's
 * balance (balance.ts). The order's open intent is reused (same client secret) while the provider
 * still has it open for that amount; otherwise a new one is made, with an idempotency key from the
 * order and the attempt number, so a doubled or retried call still makes one. An open intent found
 * already authorized (its webhook is late) is settled instead, which pays the order.
 */
export async function openIntentFor(
  payments: Payments,
  log: FastifyBaseLogger,
  order: OrderRow,
  email: string,
  amountCents = order.totalCents,
): Promise<Outcome<{ clientSecret: string } | { settled: Settlement }>> {
  const { db, provider } = payments;
  const open = await openIntentOf(db, order.id);
  if (open) {
    const reuse = await reusable(payments, log, open, amountCents);
    if (!reuse.ok) return reuse;
    if (reuse.value === true) return ok({ clientSecret: open.clientSecret });
    if (reuse.value !== false) return ok({ settled: reuse.value });
  }

  // Numbered by the intents already closed, not all of them, so Pays racing past an empty open slot agree
  // on the key and the provider answers them all with one intent.
  const attempt = (await closedIntentCount(db, order.id)) + 1;
  const created = await provider.createIntent({
    orderId: order.id,
    amountCents,
    email,
    idempotencyKey: `order-${order.id}-attempt-${attempt}`,
  });
  if (!created.ok) return created;
  const intent = created.value;
  const recorded = await recordOpenIntent(db, {
    id: intent.id,
    provider: provider.name,
    orderId: order.id,
    amountCents: intent.amountCents,
    clientSecret: intent.clientSecret,
  });
  if (recorded) return ok(recorded);

  // Another Pay of this order recorded its intent first (the unique index allows one open intent per
  // order): answer that one, and cancel ours unless the idempotency key made it the same intent. Nobody
  // got our intent's client secret, so a cancel that fails still leaves nothing anyone could pay.
  const winner = await openIntentOf(db, order.id);
  if (winner?.id !== intent.id) await provider.cancelIntent(intent);
  return winner
    ? ok({ clientSecret: winner.clientSecret })
    : failed(`Intent ${intent.id} was not recorded: the order's payment changed meanwhile.`);
}

/** true: reuse it; false: it was closed here, make another; else how its late authorization settled. */
async function reusable(
  payments: Payments,
  log: FastifyBaseLogger,
  open: IntentRow,
  amountCents: number,
): Promise<Outcome<boolean | Settlement>> {
  const { db, provider } = payments;
  // An intent of the provider used before a switch cannot be confirmed any more.
  if (open.provider === provider.name) {
    const current = await provider.retrieveIntent(open);
    if (!current.ok) return current;
    const { state } = current.value;
    if (state === "open" && current.value.amountCents === amountCents) return ok(true);
    if (state === "open") {
      const canceled = await provider.cancelIntent(open);
      if (!canceled.ok) return canceled;
    }
    if (state === "capturable" || state === "succeeded") {
      const settled = await settleIntent(payments, log, open, current.value);
      // Only an intent for another amount comes back canceled: it is replaced like any other.
      if (!settled.ok || settled.value !== "canceled") return settled;
    }
  }
  await changeIntentStatus(db, open.id, "open", "canceled");
  return ok(false);
}

/**
 * Cancels the open intent of an order just cancelled, so nothing can be paid on it any more; called after
 * the cancellation committed, outside its transaction. A provider that does not answer leaves the intent
 * open: a payment that still arrives on it is released by `settleIntent` (its order is cancelled).
 */
export async function releaseOpenIntent(payments: Payments, log: FastifyBaseLogger, orderId: string): Promise<void> {
  const open = await openIntentOf(payments.db, orderId);
  if (!open || open.provider !== payments.provider.name) return;
  const canceled = await payments.provider.cancelIntent(open);
  if (!canceled.ok) {
    log.warn(
      { orderId, intentId: open.id, reason: canceled.message },
      "the open payment of a cancelled order stays open",
    );
    return;
  }
  await changeIntentStatus(payments.db, open.id, "open", "canceled");
}
