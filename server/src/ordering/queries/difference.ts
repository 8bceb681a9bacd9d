import { formatCents, isClosed, owedCents, owesDifference } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orderEvents } from "../tables.js";
import { lockOrder, takeStep } from "./lifecycle.js";

/**
 * The difference a changed card order owes, paid by card (docs/decisions/076-the-money-of-a-changed-order.md;
 * payment/balance.ts calls it once the provider authorized the payment). `paid`: recorded now, the order paid again;
 * `recorded-already`: this payment was (a replay); `closed`: the order was cancelled or refunded; `paid-meanwhile`:
 * it owes nothing now (another change brought its total down); `balance-changed`: it owes another amount now. The
 * caller gives the money back for the last three.
 */
export type DifferenceTaken = "paid" | "recorded-already" | "closed" | "paid-meanwhile" | "balance-changed";

/**
 * Records a card payment of the difference, in one transaction under the order's row lock (as a change takes it): only
 * for exactly what the order owes now, with a line in its history that names the payment, and the order paid again
 * (contract ORDER_TRANSITIONS `payDifference`). No stock moves: a paid card order's change took its pieces.
 */
export function payDifferenceOnOrder(
  db: Database,
  payment: { orderId: string; reference: string; cents: number; by: string },
): Promise<DifferenceTaken> {
  const { orderId, reference, cents } = payment;
  return db.transaction(async (tx): Promise<DifferenceTaken> => {
    const before = await lockOrder(tx, orderId);
    if (!before) return "closed";
    // Asked first: a payment recorded already is kept, whatever became of the order since.
    if (before.transactionId === reference || (await paidBy(tx, orderId, reference))) return "recorded-already";
    if (isClosed(before.status)) return "closed";
    const owed = owedCents(before);
    if (owed <= 0 || !owesDifference(before)) return "paid-meanwhile";
    if (cents !== owed) return "balance-changed";
    const changed = await takeStep(tx, before, {
      transition: "payDifference",
      by: payment.by,
      note: `${formatCents(cents)} paid by card: the difference of a change`,
      money: { cents, paidWith: "card", reference },
      fields: { amountPaidCents: before.amountPaidCents + cents },
    });
    return changed.kind === "changed" ? "paid" : "paid-meanwhile";
  });
}

/** Whether this payment is recorded in the order's history already. */
async function paidBy(tx: Database, orderId: string, reference: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.reference, reference), eq(orderEvents.kind, "paid")))
    .limit(1);
  return found !== undefined;
}
