import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  orderNumberText,
  type PaymentReceived,
  type PaymentReceivedBody,
  RECEIVABLES_MESSAGES,
} from "@forgeline/contract";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { receiveOnOrder } from "../ordering/order-money.js";
import { creditBalanceCents, lockCompanyMoney, moveCredit } from "./queries/credit-balance.js";
import { MoneyRefused } from "./queries/money-refused.js";
import {
  addLedgerEntry,
  cardPaymentRecorded,
  insertPaymentReceived,
  type OwingInvoice,
  owingInvoices,
} from "./queries/payments.js";

/**
 * Money received on account (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): the use cases that record it
 * and put it against invoices, shaped like ordering/place-order.ts. Each runs in one transaction under the
 * company's money lock (queries/credit-balance.ts `lockCompanyMoney`), so two payments at once never pay one
 * balance twice, and each amount put against an invoice is one allocation entry, the company's credit moved by
 * it, and one step of the order (ordering's `receiveOnOrder`: paid in part, or paid, under the order's row lock, with a line in its
 * history).
 *
 * - `recordPayment`: an admin records a transfer (POST /api/admin/companies/{id}/payments calls it): the
 *   payment, once per company and reference, and its ledger entry, which adds its amount to the company's
 *   credit; then what it pays, the allocations asked (each checked against what its invoice owes) or else the
 *   oldest invoices first; what is left stays as the company's credit; and the admin's audit entry.
 * - `recordInvoiceIssued`: a shipment of an order on account left with its invoice (ordering/ship-order.ts publishes
 *   `invoiceIssued` in its transaction): the invoice's ledger entry, then the company's credit pays it, as far as it
 *   goes.
 * - `recordCardPayment`: a buyer paid an invoice's balance by card (payment/pay-balance.ts).
 */

/**
 * Records money a company paid by transfer, and what it pays; `by` is the admin who records it. A refusal
 * (MoneyRefused: the reference again, an allocation that does not fit) rolls every write of it back.
 */
export function recordPayment(
  db: Database,
  companyId: string,
  body: PaymentReceivedBody,
  by: string,
): Promise<PaymentReceived> {
  return db.transaction(async (tx) => {
    const recorded = await receivePayment(tx, companyId, body, by);
    await recordAudit(tx, { actor: by, action: "company.payment", target: companyId, before: null, after: recorded });
    return recorded;
  });
}

/** The payment, its ledger entry and what it pays, in the caller's transaction. */
async function receivePayment(
  tx: Database,
  companyId: string,
  body: PaymentReceivedBody,
  by: string,
): Promise<PaymentReceived> {
  await lockCompanyMoney(tx, companyId);
  const amountCents = dollarsToCents(body.amount);
  const { receivedAt, reference } = body;
  const payment = await insertPaymentReceived(tx, { companyId, amountCents, receivedAt, reference, recordedBy: by });
  if (!payment) {
    throw new MoneyRefused("duplicate-reference", RECEIVABLES_MESSAGES.duplicateReference(reference));
  }
  await addLedgerEntry(tx, {
    companyId,
    paymentId: payment.id,
    kind: "payment",
    creditCents: amountCents,
    reference,
    at: new Date(`${receivedAt}T00:00:00Z`),
  });
  await moveCredit(tx, companyId, amountCents);
  const plan = body.allocations
    ? await askedAllocations(tx, companyId, body.allocations)
    : oldestFirst(await owingInvoices(tx, companyId), amountCents);
  const allocations = [];
  const from = { reference, paymentId: payment.id, receivedOn: payment.receivedAt, by };
  for (const { invoice, cents } of plan) allocations.push(await allocate(tx, companyId, invoice, cents, from));
  return {
    _id: payment.id,
    amount: centsToDollars(amountCents),
    receivedAt: payment.receivedAt,
    reference: payment.reference,
    allocations,
    creditBalance: centsToDollars(await creditBalanceCents(tx, companyId)),
  };
}

/**
 * The allocations a payment asks for, each checked against what its invoice still owes: one named invoice of the
 * order, or the order's invoices oldest first (decision 077; an order invoiced whole has one).
 */
async function askedAllocations(
  tx: Database,
  companyId: string,
  asked: NonNullable<PaymentReceivedBody["allocations"]>,
) {
  const owing = await owingInvoices(tx, companyId, { orderIds: [...new Set(asked.map((one) => one.orderId))] });
  const left = new Map(owing.map((invoice) => [invoice.invoiceNumber, invoice.owedCents]));
  // Two allocations to one invoice are one: one entry, one line of the order's history.
  const plan = new Map<string, { invoice: OwingInvoice; cents: number }>();
  for (const { orderId, invoiceNumber, amount } of asked) {
    const mine = owing.filter(
      (invoice) =>
        invoice.orderId === orderId && (invoiceNumber === undefined || invoice.invoiceNumber === invoiceNumber),
    );
    const [first] = mine;
    if (!first) throw new MoneyRefused("not-this-companys", RECEIVABLES_MESSAGES.notThisCompanys);
    const cents = dollarsToCents(amount);
    const owed = mine.reduce((sum, invoice) => sum + (left.get(invoice.invoiceNumber) ?? 0), 0);
    if (cents > owed) {
      const message = invoiceNumber
        ? RECEIVABLES_MESSAGES.aboveInvoiceBalance(invoiceNumber, formatCents(owed))
        : RECEIVABLES_MESSAGES.aboveBalance(orderNumberText(first.number), formatCents(owed));
      throw new MoneyRefused("above-balance", message);
    }
    for (const { invoice, cents: part } of oldestFirst(
      mine.map((one) => ({ ...one, owedCents: left.get(one.invoiceNumber) ?? 0 })),
      cents,
    )) {
      left.set(invoice.invoiceNumber, invoice.owedCents - part);
      const planned = plan.get(invoice.invoiceNumber);
      plan.set(invoice.invoiceNumber, { invoice, cents: (planned?.cents ?? 0) + part });
    }
  }
  return [...plan.values()];
}

/** What `cents` pays of these invoices, oldest first, each to what it owes. */
function oldestFirst(invoices: OwingInvoice[], cents: number) {
  const plan: { invoice: OwingInvoice; cents: number }[] = [];
  let left = cents;
  for (const invoice of invoices) {
    if (left <= 0) break;
    const paid = Math.min(left, invoice.owedCents);
    if (paid > 0) plan.push({ invoice, cents: paid });
    left -= paid;
  }
  return plan;
}

/** Puts `cents` of the company's credit against an invoice: one allocation entry, both balances moved. */
async function allocate(
  tx: Database,
  companyId: string,
  invoice: OwingInvoice,
  cents: number,
  from: { reference: string; paymentId?: string; receivedOn?: string; by: string },
) {
  await addLedgerEntry(tx, {
    companyId,
    orderId: invoice.orderId,
    invoiceNumber: invoice.invoiceNumber,
    paymentId: from.paymentId ?? null,
    kind: "allocation",
    owedCents: -cents,
    creditCents: -cents,
    reference: from.reference,
  });
  await moveCredit(tx, companyId, -cents);
  const paid = await receiveOnOrder(tx, invoice.orderId, [{ number: invoice.invoiceNumber, cents }], {
    by: from.by,
    note: `${formatCents(cents)} received: ${from.reference}`,
    // A payment's money came by transfer, on the day it arrived; without one, it is the company's credit.
    money: from.paymentId
      ? { paidWith: "transfer", reference: from.reference, ...(from.receivedOn && { receivedOn: from.receivedOn }) }
      : { paidWith: "credit", reference: from.reference },
  });
  if (!paid) throw new Error(`order ${invoice.orderId} could not take ${cents} cents`);
  return {
    orderId: invoice.orderId,
    number: orderNumberText(invoice.number),
    invoiceNumber: invoice.invoiceNumber,
    amount: centsToDollars(cents),
  };
}

/**
 * An invoice issued for what a shipment of an order on account carried (in the shipping transaction): its ledger
 * entry, then whatever credit the company holds pays it, as far as it goes.
 */
export async function recordInvoiceIssued(
  tx: Database,
  invoice: { companyId: string; orderId: string; invoiceNumber: string; totalCents: number; at: Date; by: string },
): Promise<void> {
  const { companyId, orderId, invoiceNumber } = invoice;
  await lockCompanyMoney(tx, companyId);
  await addLedgerEntry(tx, {
    companyId,
    orderId,
    invoiceNumber,
    kind: "invoice",
    owedCents: invoice.totalCents,
    reference: invoiceNumber,
    at: invoice.at,
  });
  const credit = await creditBalanceCents(tx, companyId);
  const [owing] = await owingInvoices(tx, companyId, { invoiceNumbers: [invoiceNumber] });
  if (credit > 0 && owing) {
    await allocate(tx, companyId, owing, Math.min(credit, owing.owedCents), {
      reference: `Credit to ${invoiceNumber}`,
      by: invoice.by,
    });
  }
}

/** `paid`: recorded now; `recorded-already`: this card payment was (a replay); `not-owed`: the invoice owes less. */
export type CardPaymentResult = "paid" | "recorded-already" | "not-owed";

/**
 * A buyer's card payment of an invoice's balance (payment/balance.ts, once the provider authorized it), in the
 * caller's transaction: its ledger entry, named by the provider's payment id, and the order's amount paid. Under
 * the company's money lock and then the order's row lock (as payments received take them), the invoice is read
 * again: a payment recorded already changes nothing, and one above what the invoice owes now (a transfer or a
 * credit note came first) is refused, so the caller gives the money back. No stock moves: an order on account
 * took its pieces when it was placed.
 */
export async function recordCardPayment(
  tx: Database,
  payment: { companyId: string; orderId: string; reference: string; cents: number; by: string },
): Promise<CardPaymentResult> {
  const { companyId, orderId, reference, cents } = payment;
  await lockCompanyMoney(tx, companyId);
  if (await cardPaymentRecorded(tx, orderId, reference)) return "recorded-already";
  const owing = await owingInvoices(tx, companyId, { orderIds: [orderId] });
  const owed = owing.reduce((sum, invoice) => sum + invoice.owedCents, 0);
  if (owing.length === 0 || cents <= 0 || cents > owed) return "not-owed";
  // One payment may pay several invoices of the order (one per shipment): an entry for each, under its reference.
  const plan = oldestFirst(owing, cents);
  for (const { invoice, cents: part } of plan) {
    await addLedgerEntry(tx, {
      companyId,
      orderId,
      invoiceNumber: invoice.invoiceNumber,
      kind: "card-payment",
      owedCents: -part,
      reference,
    });
  }
  const paid = await receiveOnOrder(
    tx,
    orderId,
    plan.map(({ invoice, cents: part }) => ({ number: invoice.invoiceNumber, cents: part })),
    {
      by: payment.by,
      note: `${formatCents(cents)} paid by card: ${reference}`,
      money: { paidWith: "card", reference },
    },
  );
  if (!paid) throw new Error(`order ${orderId} could not take ${cents} cents`);
  return "paid";
}
