import type { Database } from "../db/client.js";
import { failed, type Outcome, ok, type PaymentProvider } from "./providers.js";
import { changeIntentStatus, type IntentRow, type RefundReason, recordRefund } from "./queries.js";

/**
 * Gives an intent's whole amount back and records the refund. The row is claimed first (it turns
 * `refunded` only if nobody changed it meanwhile), so two concurrent calls cannot refund twice; a refund the
 * provider refuses puts the row back as it was.
 */
export async function refundIntent(
  db: Database,
  provider: PaymentProvider,
  intent: IntentRow,
  reason: RefundReason,
): Promise<Outcome<{ refundId: string }>> {
  const already = failed(`Payment ${intent.id} is already refunded.`);
  if (intent.status === "refunded") return already;
  if (!(await changeIntentStatus(db, intent.id, intent.status, "refunded"))) return already;
  const refund = await provider.refund(intent, intent.amountCents, `refund-intent-${intent.id}`);
  if (!refund.ok) {
    await changeIntentStatus(db, intent.id, "refunded", intent.status);
    return refund;
  }
  await recordRefund(db, { id: refund.value.refundId, intentId: intent.id, amountCents: intent.amountCents, reason });
  return ok(refund.value);
}
