import {
  CREDIT_NOTE_MESSAGES,
  canTransition,
  creditableCents,
  creditNoteNumberText,
  creditNoteSplit,
  creditNoteStep,
  formatCents,
  ORDER_STATUS_MESSAGES,
  orderNumberText,
  orderRefusal,
} from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import type { OrderRow } from "../queries.js";
import { creditNoteCounter, creditNotes, orderEvents, orders } from "../tables.js";
import type { CreditNoteRow } from "./credit-notes.js";
import { changeStatus, returnStockOf } from "./lifecycle.js";
import { countSales } from "./sales.js";

/**
 * Issuing a credit note on an invoiced order on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), in the
 * caller's transaction: receivables/ writes its ledger entry in the same one.
 */

/** The next credit note number; must run in the transaction that issues it (see creditNoteCounter). */
async function nextCreditNoteNumber(tx: Database): Promise<string> {
  const [counter] = await tx
    .insert(creditNoteCounter)
    .values({ id: true, last: 1 })
    .onConflictDoUpdate({ target: creditNoteCounter.id, set: { last: sql`${creditNoteCounter.last} + 1` } })
    .returning({ last: creditNoteCounter.last });
  if (!counter) throw new Error("no credit note number was given");
  return creditNoteNumberText(counter.last);
}

export type CreditResult =
  | { kind: "missing" }
  | { kind: "refused"; message: string }
  | { kind: "credited"; before: OrderRow; after: OrderRow; creditNote: CreditNoteRow; restocked: boolean };

/** Why this order may take no credit note of `cents` (asked of its locked row), or undefined. */
function refusalOf(order: OrderRow, cents: number | undefined, restock: boolean): string | undefined {
  if (order.paymentMethod === "card") return CREDIT_NOTE_MESSAGES.cardOrder;
  if (!canTransition("creditNote", order)) {
    return order.invoiceNumber ? orderRefusal("creditNote", order) : ORDER_STATUS_MESSAGES.noInvoice(order);
  }
  const left = creditableCents(order);
  if (cents !== undefined && cents > left) {
    return CREDIT_NOTE_MESSAGES.aboveInvoiced(orderNumberText(order.number), formatCents(left));
  }
  if (restock && creditNoteStep(order, cents ?? left) !== "creditNote") return CREDIT_NOTE_MESSAGES.restockOnlyWhole;
  return undefined;
}

/**
 * Issues a credit note of `cents` (all that is left to credit when undefined) on an invoiced order on account, in
 * the caller's transaction, its row locked first so two at once never credit more than was invoiced: the next
 * number, what it takes off the balance and what it gives back of the money paid (decision 041), the order's
 * kept figures moved by adding to them, a line in its history, and the facts the credit leaves it in (refunded in
 * full or in part, or as it was while money is still owed). `restock` returns the pieces of an order it refunds
 * in full.
 */
export async function creditOnOrder(
  tx: Database,
  orderId: string,
  request: { cents: number | undefined; restock: boolean; by: string },
): Promise<CreditResult> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!before) return { kind: "missing" };
  const refusal = refusalOf(before, request.cents, request.restock);
  if (refusal) return { kind: "refused", message: refusal };
  const cents = request.cents ?? creditableCents(before);
  const { offBalanceCents, toCreditCents } = creditNoteSplit(before, cents);
  const step = creditNoteStep(before, cents);
  const number = await nextCreditNoteNumber(tx);
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({ number, orderId, amountCents: cents, offBalanceCents, toCreditCents, issuedBy: request.by })
    .returning();
  if (!creditNote) throw new Error("the credit note was not stored");
  const fields = {
    creditedCents: before.creditedCents + cents,
    // Money paid that the credit gives back is no longer the order's: it becomes the company's credit.
    amountPaidCents: before.amountPaidCents - toCreditCents,
  };
  const note = `Credit note ${number}: ${formatCents(cents)} off invoice ${before.invoiceNumber}${
    toCreditCents > 0 ? `, ${formatCents(toCreditCents)} of it to the company's credit` : ""
  }${request.restock ? ". Pieces returned to stock" : ""}`;
  let after: OrderRow | undefined;
  if (step) {
    // Closing the balance of an order paid in part settles it, as a last payment would: from then the overview
    // counts it as paid, less its credit notes (reports.ts, creditedCentsByDay), and its tools as sold.
    const settles = step === "creditNotePart" && before.paidAt === null;
    const changed = await changeStatus(tx, orderId, {
      transition: step,
      by: request.by,
      note,
      fields: settles ? { ...fields, paidAt: sql`now()` } : fields,
    });
    if (changed.kind !== "changed") throw new Error(`order ${orderId} refused ${step} it was allowed`);
    after = changed.after;
    if (settles) await countSales(tx, after, 1);
  } else {
    // Money is still owed after it: neither fact moves, so no step of the state machine; its line says why.
    [after] = await tx.update(orders).set(fields).where(eq(orders.id, orderId)).returning();
    await tx.insert(orderEvents).values({ orderId, status: before.status, by: request.by, note });
  }
  if (!after) throw new Error(`order ${orderId} was not credited`);
  if (request.restock) await returnStockOf(tx, orderId);
  return { kind: "credited", before, after, creditNote, restocked: request.restock };
}
