import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { failed, type Outcome, ok, type PaymentProvider } from "./providers.js";
import { paymentIntents, paymentRefunds } from "./tables.js";

export type IntentRow = typeof paymentIntents.$inferSelect;
export type RefundReason = (typeof paymentRefunds.$inferInsert)["reason"];

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
  const [claimed] = await db
    .update(paymentIntents)
    .set({ status: "refunded" })
    .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, intent.status)))
    .returning({ id: paymentIntents.id });
  if (!claimed) return already;
  const refund = await provider.refund(intent, intent.amountCents);
  if (!refund.ok) {
    await db
      .update(paymentIntents)
      .set({ status: intent.status })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, "refunded")));
    return refund;
  }
  await db
    .insert(paymentRefunds)
    .values({ id: refund.value.refundId, intentId: intent.id, amountCents: intent.amountCents, reason });
  return ok(refund.value);
}
