import { formatCents, orderNumberText } from "@forgeline/contract";
import type { Database } from "../../db/client.js";
import { HttpError } from "../../http/errors.js";
import { enqueueAccountMail } from "../../identity/queries.js";
import { type CreditResult, creditOnOrder } from "../../ordering/queries/credit-on-order.js";
import { balanceCents } from "../../ordering/queries/wire.js";
import { findOrder } from "../../ordering/queries.js";
import { lockCompanyMoney, moveCredit } from "../queries.js";
import { ledgerEntries } from "../tables.js";

/**
 * A credit note on an invoiced order on account (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), in the caller's
 * transaction, under the company's money lock (as payments are): the order's side (ordering's creditOnOrder:
 * the number, the order's figures and facts), then its ledger entry, which takes what it credits off the order's
 * balance as far as something is owed and adds the rest, money paid already, to the company's credit; and the
 * buyer's mail. 404 for no such order, 409 for one that takes no credit note (or not that much).
 */
export async function issueCreditNote(
  tx: Database,
  orderId: string,
  request: { cents: number | undefined; restock: boolean; by: string },
): Promise<Extract<CreditResult, { kind: "credited" }>> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new HttpError(404, "No such order.");
  // Money on account is locked by company before any of its orders, as payments lock it.
  if (order.companyId) await lockCompanyMoney(tx, order.companyId);
  const result = await creditOnOrder(tx, orderId, request);
  if (result.kind === "missing") throw new HttpError(404, "No such order.");
  if (result.kind === "refused") throw new HttpError(409, result.message);
  const { after, creditNote } = result;
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
    balance: formatCents(balanceCents(after)),
    toCredit: creditNote.toCreditCents > 0 ? formatCents(creditNote.toCreditCents) : null,
    refunded: after.paymentStatus === "refunded",
  });
  return result;
}
