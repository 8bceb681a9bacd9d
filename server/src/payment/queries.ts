import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedOnce } from "../db/prepared.js";
import { paymentIntents, paymentRefunds } from "./tables.js";

export type IntentRow = typeof paymentIntents.$inferSelect;
export type IntentStatus = IntentRow["status"];
export type RefundReason = (typeof paymentRefunds.$inferInsert)["reason"];
type ProviderName = IntentRow["provider"];

/** The order's open intent: there is at most one (a unique index keeps it so). */
export async function openIntentOf(db: Database, orderId: string): Promise<IntentRow | undefined> {
  const [open] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.orderId, orderId), eq(paymentIntents.status, "open")));
  return open;
}

/** The order's newest intent, whatever became of it. */
export async function latestIntentOf(db: Database, orderId: string): Promise<IntentRow | undefined> {
  const [latest] = await db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.orderId, orderId))
    .orderBy(desc(paymentIntents.createdAt))
    .limit(1);
  return latest;
}

/** How many of the order's intents are no longer open. */
export async function closedIntentCount(db: Database, orderId: string): Promise<number> {
  const [closed] = await db
    .select({ n: count() })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.orderId, orderId), ne(paymentIntents.status, "open")));
  return closed?.n ?? 0;
}

/** One of this provider's intents, by its id. */
export async function findIntent(db: Database, provider: ProviderName, id: string): Promise<IntentRow | undefined> {
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.provider, provider)));
  return intent;
}

/** One of this provider's intents, by the client secret the browser holds. */
export async function intentWithSecret(
  db: Database,
  provider: ProviderName,
  clientSecret: string,
): Promise<IntentRow | undefined> {
  const [intent] = await intentWithSecretQuery(db).execute({ clientSecret, provider });
  return intent;
}

const intentWithSecretQuery = preparedOnce((db) =>
  db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.clientSecret, sql.placeholder("clientSecret")),
        eq(paymentIntents.provider, sql.placeholder("provider")),
      ),
    )
    .prepare("intent_with_secret"),
);

/**
 * Records a new open intent and answers its client secret, or undefined when the order already has an
 * open intent (the one-open-intent-per-order index) or this intent is recorded already.
 */
export async function recordOpenIntent(
  db: Database,
  intent: Pick<IntentRow, "id" | "provider" | "orderId" | "amountCents" | "clientSecret">,
): Promise<{ clientSecret: string } | undefined> {
  const [recorded] = await db
    .insert(paymentIntents)
    .values(intent)
    .onConflictDoNothing()
    .returning({ clientSecret: paymentIntents.clientSecret });
  return recorded;
}

export async function setIntentStatus(db: Database, id: string, status: IntentStatus): Promise<void> {
  await intentStatusQuery(db).execute({ id, status });
}

const intentStatusQuery = preparedOnce((db) =>
  db
    .update(paymentIntents)
    .set({ status: sql`${sql.placeholder("status")}` })
    .where(eq(paymentIntents.id, sql.placeholder("id")))
    .prepare("set_intent_status"),
);

/**
 * Moves the intent from one status to another only if nobody changed it meanwhile; answers whether it
 * did, so of two concurrent callers exactly one goes on.
 */
export async function changeIntentStatus(
  db: Database,
  id: string,
  from: IntentStatus,
  to: IntentStatus,
): Promise<boolean> {
  const changed = await db
    .update(paymentIntents)
    .set({ status: to })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, from)))
    .returning({ id: paymentIntents.id });
  return changed.length > 0;
}

/**
 * Records a refund the provider made; the same refund recorded again (a retried refund) changes nothing. Answers
 * whether it was recorded now.
 */
export async function recordRefund(
  db: Database,
  refund: { id: string; intentId: string; amountCents: number; reason: RefundReason },
): Promise<boolean> {
  const recorded = await db
    .insert(paymentRefunds)
    .values(refund)
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  return recorded.length > 0;
}

/** A payment that took money, and what of it was given back since. */
export interface CapturedIntent {
  intent: IntentRow;
  refundedCents: number;
}

/**
 * The order's payments that took money (`succeeded`), newest first, each with what partial refunds gave back of it
 * (the refund of a changed order's difference: change-refund.ts). What they still hold is what the provider holds of
 * the order's money.
 */
export async function capturedIntentsOf(
  db: Database,
  orderId: string,
  /** The payment that paid the order, taken whatever its row says (its capture may still be pending). */
  including: string | null = null,
): Promise<CapturedIntent[]> {
  const rows = await db
    .select({ intent: paymentIntents, refunded: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
    .from(paymentIntents)
    .leftJoin(paymentRefunds, eq(paymentRefunds.intentId, paymentIntents.id))
    .where(
      and(
        eq(paymentIntents.orderId, orderId),
        or(eq(paymentIntents.status, "succeeded"), including ? eq(paymentIntents.id, including) : undefined),
      ),
    )
    .groupBy(paymentIntents.id)
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id));
  return rows.map((row) => ({ intent: row.intent, refundedCents: Number(row.refunded) }));
}

/**
 * The money given back for orders the shop had counted as paid (an admin's refund or the cancellation of a
 * paid order), in cents, per UTC day of the refund, over a range of days (both included); a day without
 * one is absent. Refunds of payments that never paid an order (a duplicate, an amount that did not match,
 * stock that ran out) took nothing from the revenue, so they are left out.
 */
export async function refundedCentsByDay(db: Database, range: { from: string; to: string }) {
  // Grouped by the UTC date, formatted once per day (not once per refund).
  const date = sql`(${paymentRefunds.createdAt} at time zone 'UTC')::date`;
  const rows = await db
    .select({
      day: sql<string>`to_char(${date}, 'YYYY-MM-DD')`,
      cents: sql<string>`sum(${paymentRefunds.amountCents})`,
    })
    .from(paymentRefunds)
    .where(
      and(
        inArray(paymentRefunds.reason, ["order-refunded", "order-cancelled"]),
        sql`${paymentRefunds.createdAt} >= (${range.from}::date)::timestamp at time zone 'UTC'`,
        sql`${paymentRefunds.createdAt} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`,
      ),
    )
    .groupBy(date);
  return new Map(rows.map((row) => [row.day, Number(row.cents)]));
}
