import { type CreditNote, centsToDollars } from "@forgeline/contract";
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { creditNotes } from "../tables.js";

/**
 * An order's credit notes as they are read back (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): for the order's answer
 * and the credit note's PDF. Issuing one is credit-on-order.ts.
 */

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** A credit note as an order lists it. */
export const creditNoteJson = (row: CreditNoteRow): CreditNote => ({
  number: row.number,
  issuedAt: row.issuedAt.toISOString(),
  amount: centsToDollars(row.amountCents),
});

/** The credit notes of these orders, oldest first, by order (one query for all of them). */
export async function creditNotesByOrder(db: Database, orderIds: string[]): Promise<Map<string, CreditNoteRow[]>> {
  const byOrder = new Map<string, CreditNoteRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}
