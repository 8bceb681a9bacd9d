import { creditNoteNumberText, formatCents } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { creditNoteCounter, creditNotes } from "../money-tables.js";
import { orders } from "../tables.js";
import { creditOnInvoice } from "./account-invoices.js";
import { addEvent, takeStep } from "./lifecycle.js";
import { giveBackOrderStockOf } from "./order-stock.js";
import type { OrderRow } from "./orders.js";
import { countSales } from "./sales.js";
import type { CreditNoteRow } from "./wire.js";

/**
 * What a credit note writes on its order (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), in the caller's transaction:
 * receivables/ decides the credit note (issue-credit-note.ts) and writes its ledger entry in the same one.
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

/**
 * A credit note decided on a locked order: the invoice it credits (decision 077), its amount, how it splits, and the
 * step it takes the order.
 */
export interface OrderCredit {
  invoiceNumber: string;
  cents: number;
  offBalanceCents: number;
  toCreditCents: number;
  /** The state machine's step, none when money is still owed after it (creditNoteStep). */
  step: "creditNote" | "creditNotePart" | undefined;
  restock: boolean;
  by: string;
  /** Why, one line (contract creditNoteBodySchema). */
  reason: string;
}

/**
 * Writes a credit note on the order `before` (locked by lifecycle.ts `lockOrder`): the next number, the order's and
 * its invoice's kept figures moved by adding to them (decisions 041, 077), a line in its history, and the facts the credit leaves it in
 * (refunded in full or in part, or as it was while money is still owed). `restock` returns its pieces.
 */
export async function creditOrder(
  tx: Database,
  before: OrderRow,
  credit: OrderCredit,
): Promise<{ after: OrderRow; creditNote: CreditNoteRow }> {
  const { invoiceNumber, cents, offBalanceCents, toCreditCents, step, by, reason } = credit;
  const orderId = before.id;
  const number = await nextCreditNoteNumber(tx);
  const [creditNote] = await tx
    .insert(creditNotes)
    .values({
      number,
      orderId,
      invoiceNumber,
      amountCents: cents,
      offBalanceCents,
      toCreditCents,
      reason,
      issuedBy: by,
    })
    .returning();
  if (!creditNote) throw new Error("the credit note was not stored");
  await creditOnInvoice(tx, invoiceNumber, cents, toCreditCents);
  const fields = {
    creditedCents: before.creditedCents + cents,
    // Money paid that the credit gives back is no longer the order's: it becomes the company's credit.
    amountPaidCents: before.amountPaidCents - toCreditCents,
  };
  const note = `Credit note ${number}: ${formatCents(cents)} off invoice ${invoiceNumber}${
    toCreditCents > 0 ? `, ${formatCents(toCreditCents)} of it to the company's credit` : ""
  }${credit.restock ? ". Pieces returned to stock" : ""}. Reason: ${reason}`;
  const money = { cents, reference: number };
  let after: OrderRow | undefined;
  if (step) {
    // Closing the balance of an order paid in part settles it, as a last payment would: from then the overview
    // counts it as paid, less its credit notes (reports.ts, creditedCentsByDay), and its tools as sold.
    const settles = step === "creditNotePart" && before.paidAt === null;
    const changed = await takeStep(tx, before, {
      transition: step,
      by,
      note,
      money,
      fields: settles ? { ...fields, paidAt: sql`now()` } : fields,
    });
    if (changed.kind !== "changed") throw new Error(`order ${orderId} refused ${step} it was allowed`);
    after = changed.after;
    if (settles) await countSales(tx, after, 1);
  } else {
    // Money is still owed after it: neither fact moves, so no step of the state machine; its line says why.
    [after] = await tx.update(orders).set(fields).where(eq(orders.id, orderId)).returning();
    await addEvent(tx, after ?? before, { kind: "credit-note", by, note, money });
  }
  if (!after) throw new Error(`order ${orderId} was not credited`);
  if (credit.restock) await giveBackOrderStockOf(tx, orderId, by);
  return { after, creditNote };
}
