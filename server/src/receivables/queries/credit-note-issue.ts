import {
  CREDIT_NOTE_MESSAGES,
  canTransition,
  creditableCents,
  creditNoteSplit,
  creditNoteStep,
  formatCents,
  ORDER_STATUS_MESSAGES,
  orderNumberText,
  orderRefusal,
  owedCents,
} from "@forgeline/contract";
import type { Database } from "../../db/client.js";
import { enqueueAccountMail } from "../../identity/queries.js";
import {
  type CreditNoteRow,
  creditOrder,
  findOrder,
  lockOrderForCredit,
  type OrderRow,
} from "../../ordering/order-money.js";
import { ledgerEntries } from "../tables.js";
import { lockCompanyMoney, moveCredit } from "./credit-balance.js";
import { MoneyRefused } from "./money-refused.js";

/**
 * A credit note on an invoiced order on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), in the caller's
 * transaction, under the company's money lock (as payments are): decided on the order's locked row, written on the
 * order (ordering's creditOrder: the number, the order's figures and facts), then its ledger entry, which takes
 * what it credits off the order's balance as far as something is owed and adds the rest, money paid already, to
 * the company's credit; and the buyer's mail.
 */

const NO_SUCH_ORDER = "No such order.";

export interface Credited {
  before: OrderRow;
  after: OrderRow;
  creditNote: CreditNoteRow;
  restocked: boolean;
}

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
 * Issues a credit note of `cents` (all that is left to credit when undefined); refused (MoneyRefused) for no such
 * order, or one that takes no credit note (or not that much). `restock` returns the pieces of an order it refunds in full.
 */
export async function issueCreditNote(
  tx: Database,
  orderId: string,
  request: { cents: number | undefined; restock: boolean; by: string },
): Promise<Credited> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new MoneyRefused("no-such-order", NO_SUCH_ORDER);
  // Money on account is locked by company before any of its orders, as payments lock it.
  if (order.companyId) await lockCompanyMoney(tx, order.companyId);
  const before = await lockOrderForCredit(tx, orderId);
  if (!before) throw new MoneyRefused("no-such-order", NO_SUCH_ORDER);
  const refusal = refusalOf(before, request.cents, request.restock);
  if (refusal) throw new MoneyRefused("not-creditable", refusal);
  const cents = request.cents ?? creditableCents(before);
  const { after, creditNote } = await creditOrder(tx, before, {
    cents,
    ...creditNoteSplit(before, cents),
    step: creditNoteStep(before, cents),
    restock: request.restock,
    by: request.by,
  });
  // Only an invoiced order on account takes a credit note, and every order on account is a company's.
  if (!after.companyId || !after.invoiceNumber) throw new Error(`order ${orderId} was credited off account`);
  await tx.insert(ledgerEntries).values({
    companyId: after.companyId,
    orderId,
    kind: "credit-note",
    owedCents: -creditNote.offBalanceCents,
    creditCents: creditNote.toCreditCents,
    reference: creditNote.number,
    at: creditNote.issuedAt,
  });
  if (creditNote.toCreditCents > 0) await moveCredit(tx, after.companyId, creditNote.toCreditCents);
  await enqueueAccountMail(tx, after.userEmail, "credit-note", {
    number: orderNumberText(after.number),
    orderId,
    creditNoteNumber: creditNote.number,
    invoiceNumber: after.invoiceNumber,
    amount: formatCents(creditNote.amountCents),
    balance: formatCents(owedCents(after)),
    toCredit: creditNote.toCreditCents > 0 ? formatCents(creditNote.toCreditCents) : null,
    refunded: after.paymentStatus === "refunded",
  });
  return { before, after, creditNote, restocked: request.restock };
}
