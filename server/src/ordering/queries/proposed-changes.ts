import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { orders } from "../tables.js";
import type { OrderRow } from "./orders.js";

/** An admin's change that raises an order's total, as the order keeps it until its buyer decides. */
export type StoredProposal = NonNullable<OrderRow["proposedChange"]>;

/**
 * Keeps an admin's proposed change on the order (ordering/proposed-change.ts), in the caller's transaction with the
 * order locked: it replaces one that waited, so the buyer decides on the newest.
 */
export async function keepProposal(tx: Database, orderId: string, proposal: StoredProposal): Promise<OrderRow> {
  const [after] = await tx.update(orders).set({ proposedChange: proposal }).where(eq(orders.id, orderId)).returning();
  if (!after) throw new Error("the order is locked, so it is there");
  return after;
}

/**
 * Takes the proposed change `changeId` off the order, accepted or declined; undefined when it no longer waits there
 * (decided already, or replaced). The update waits for the order's lock, so of two decisions at once one finds it.
 */
export async function takeProposal(tx: Database, orderId: string, changeId: string): Promise<OrderRow | undefined> {
  const [after] = await tx
    .update(orders)
    .set({ proposedChange: null })
    .where(and(eq(orders.id, orderId), sql`${orders.proposedChange}->>'_id' = ${changeId}`))
    .returning();
  return after;
}
