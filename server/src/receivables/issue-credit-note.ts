import {
  balanceCents,
  CREDIT_NOTE_MESSAGES,
  creditNoteSplit,
  creditNoteStep,
  formatCents,
  invoiceCreditableCents,
  isClosed,
  ORDER_STATUS_MESSAGES,
  orderNumberText,
  orderRefusal,
} from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { recordAudit } from "../audit/queries.js";
import { findMember, ownersOf } from "../company/queries/members.js";
import type { Database } from "../db/client.js";
import { enqueueAccountMail } from "../identity/queries.js";
import {
  type AccountInvoiceRow,
  type CreditNoteRow,
  creditOrder,
  findOrder,
  invoicesOfOrder,
  lockOrder,
  type OrderRow,
} from "../ordering/order-money.js";
import { lockCompanyMoney, moveCredit } from "./queries/credit-balance.js";
import { MoneyRefused } from "./queries/money-refused.js";
import { addLedgerEntry } from "./queries/payments.js";

/**
 * Issuing a credit note on an invoiced order on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): the use case
 * behind an admin's credit note, shaped like ordering/place-order.ts; POST /api/admin/orders/{id}/credit-notes
 * only calls it and says its answer in the wire. In one transaction, in this order:
 *
 * 1. the company's money lock (queries/credit-balance.ts `lockCompanyMoney`), taken before any of its orders' as
 *    payments take it, so a credit note and a payment never move one balance at once;
 * 2. the order's row locked (ordering's `lockOrder`), the invoice it is against chosen (the one named, or the order's
 *    only one: decision 077) and the credit note decided on them (`refusalOf`): a card order, one not invoiced,
 *    refunded already or an invoice credited beyond what is left of it takes none;
 * 3. the order's side (ordering's `creditOrder`): the next number of the credit notes' gapless sequence, the
 *    order's figures moved, a line in its history, and the facts the credit leaves it in (refunded in full or in
 *    part, or as it was while money is still owed: contract `creditNoteStep`); with `restock`, its pieces back;
 * 4. its ledger entry, which takes what it credits off its invoice's balance as far as something is owed on it and
 *    adds the rest, money paid already, to the company's credit (contract `creditNoteSplit`);
 * 5. the buyer's mail in the outbox, and the admin's audit entry.
 *
 * A refusal (MoneyRefused, which the route answers with its status) writes nothing. Once it committed, the catalogue's cached pages hear of pieces back in stock.
 */

/** A credit note issued: the order before and after it, the note, and whether its pieces went back to stock. */
export interface Credited {
  before: OrderRow;
  after: OrderRow;
  creditNote: CreditNoteRow;
  restocked: boolean;
}

const NO_SUCH_ORDER = "No such order.";

/**
 * Issues a credit note of `cents` (all that is left to credit when undefined); `by` is the admin. Refused
 * (MoneyRefused) for no such order, or one that takes no credit note (or not that much).
 */
export async function issueCreditNote(
  app: FastifyInstance,
  orderId: string,
  request: {
    cents: number | undefined;
    invoiceNumber?: string | undefined;
    restock: boolean;
    by: string;
    reason: string;
  },
): Promise<Credited> {
  const issued = await app.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order) throw new MoneyRefused("no-such-order", NO_SUCH_ORDER);
    if (order.companyId) await lockCompanyMoney(tx, order.companyId);
    const before = await lockOrder(tx, orderId);
    if (!before) throw new MoneyRefused("no-such-order", NO_SUCH_ORDER);
    const orderRefused = refusalOfOrder(before);
    if (orderRefused) throw new MoneyRefused("not-creditable", orderRefused);
    const invoice = invoiceToCredit(before, await invoicesOfOrder(tx, orderId, true), request.invoiceNumber);
    const cents = request.cents ?? invoiceCreditableCents(invoice);
    const split = creditNoteSplit(invoice, cents);
    const step = creditNoteStep(before, cents, split.offBalanceCents);
    const refusal = refusalOf(before, invoice, cents, step, request.restock);
    if (refusal) throw new MoneyRefused("not-creditable", refusal);
    const { after, creditNote } = await creditOrder(tx, before, {
      invoiceNumber: invoice.number,
      cents,
      ...split,
      step,
      restock: request.restock,
      by: request.by,
      reason: request.reason,
    });
    const credited = { before, after, creditNote, restocked: request.restock };
    await recordInLedger(tx, credited);
    await auditCreditNote(tx, credited, request.by);
    return credited;
  });
  if (issued.restocked) await app.listChanged("catalogue");
  return issued;
}

/**
 * Why this order may take no credit note at all (asked of its locked row), or undefined: a card order, one not
 * invoiced yet, one refunded already. One shipped in part takes credit notes on the invoices of what left.
 */
function refusalOfOrder(order: OrderRow): string | undefined {
  if (order.paymentMethod === "card") return CREDIT_NOTE_MESSAGES.cardOrder;
  if (!order.invoiceNumber) return ORDER_STATUS_MESSAGES.noInvoice(order);
  if (isClosed(order.status)) return orderRefusal("creditNote", order);
  return undefined;
}

/**
 * The invoice a credit note is against: the one named (404 when it is not the order's), or the order's only one; an
 * order with several names one (409, listing them).
 */
function invoiceToCredit(order: OrderRow, invoices: AccountInvoiceRow[], named: string | undefined) {
  if (named !== undefined) {
    const invoice = invoices.find((one) => one.number === named);
    if (!invoice) throw new MoneyRefused("no-such-invoice", CREDIT_NOTE_MESSAGES.noSuchInvoice);
    return invoice;
  }
  const [only, ...others] = invoices;
  if (!only) throw new MoneyRefused("not-creditable", ORDER_STATUS_MESSAGES.noInvoice(order));
  if (others.length > 0) {
    throw new MoneyRefused("not-creditable", CREDIT_NOTE_MESSAGES.whichInvoice(invoices.map((one) => one.number)));
  }
  return only;
}

/** Why this credit note of `cents` may not be issued against this invoice, or undefined. */
function refusalOf(
  order: OrderRow,
  invoice: AccountInvoiceRow,
  cents: number,
  step: ReturnType<typeof creditNoteStep>,
  restock: boolean,
): string | undefined {
  const left = invoiceCreditableCents(invoice);
  if (cents > left) {
    // An order invoiced whole says it as it always did; one invoiced per shipment names the invoice.
    return invoice.totalCents === order.totalCents
      ? CREDIT_NOTE_MESSAGES.aboveInvoiced(orderNumberText(order.number), formatCents(left))
      : CREDIT_NOTE_MESSAGES.aboveInvoice(invoice.number, formatCents(left));
  }
  if (restock && step !== "creditNote") return CREDIT_NOTE_MESSAGES.restockOnlyWhole;
  return undefined;
}

/** The credit note's ledger entry, the company's credit moved by what it gives back, and its mail. */
async function recordInLedger(tx: Database, { after, creditNote }: Credited): Promise<void> {
  // Only an invoiced order on account takes a credit note, and every order on account is a company's.
  if (!after.companyId) throw new Error(`order ${after.id} was credited off account`);
  await addLedgerEntry(tx, {
    companyId: after.companyId,
    orderId: after.id,
    invoiceNumber: creditNote.invoiceNumber,
    kind: "credit-note",
    owedCents: -creditNote.offBalanceCents,
    creditCents: creditNote.toCreditCents,
    reference: creditNote.number,
    at: creditNote.issuedAt,
  });
  if (creditNote.toCreditCents > 0) await moveCredit(tx, after.companyId, creditNote.toCreditCents);
  // The buyer while still a member of the company; once they left, the owners, who answer for its account.
  const to = (await findMember(tx, after.companyId, after.userEmail))
    ? [after.userEmail]
    : await ownersOf(tx, after.companyId);
  const mail = {
    number: orderNumberText(after.number),
    orderId: after.id,
    creditNoteNumber: creditNote.number,
    invoiceNumber: creditNote.invoiceNumber,
    amount: formatCents(creditNote.amountCents),
    reason: creditNote.reason,
    balance: formatCents(balanceCents(after)),
    toCredit: creditNote.toCreditCents > 0 ? formatCents(creditNote.toCreditCents) : null,
    refunded: after.paymentStatus === "refunded",
  };
  for (const address of to) await enqueueAccountMail(tx, address, "credit-note", mail);
}

/** What the audit log keeps of the order's figures before and after a credit note. */
const figures = (row: OrderRow) => ({
  status: row.status,
  paymentStatus: row.paymentStatus,
  balanceCents: balanceCents(row),
  creditedCents: row.creditedCents,
});

function auditCreditNote(tx: Database, { before, after, creditNote, restocked }: Credited, by: string) {
  return recordAudit(tx, {
    actor: by,
    action: "order.credit-note",
    target: after.id,
    before: figures(before),
    after: {
      ...figures(after),
      creditNote: creditNote.number,
      amountCents: creditNote.amountCents,
      toCreditCents: creditNote.toCreditCents,
      reason: creditNote.reason,
      restocked,
    },
  });
}
