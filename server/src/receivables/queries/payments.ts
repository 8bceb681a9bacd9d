import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  orderNumberText,
  type PaymentReceived,
  type PaymentReceivedBody,
  RECEIVABLES_MESSAGES,
} from "@forgeline/contract";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { notClosed, orders, owedSql, owesSql, receiveOnOrder } from "../../ordering/order-money.js";
import { ledgerEntries, paymentsReceived } from "../tables.js";
import { creditBalanceCents, lockCompanyMoney, moveCredit } from "./credit-balance.js";
import { MoneyRefused } from "./money-refused.js";

/**
 * The ledger's writers of money (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): each writes its entries
 * and, in the same transaction, adds what they move to the balances kept beside them (an order's amount paid,
 * through ordering's `receiveOnOrder`; a company's credit). Under the company's money lock.
 */

/** An invoice on account with money still owed: what the ledger allocates money to. */
export interface OwingInvoice {
  orderId: string;
  number: number;
  owedCents: number;
}

/**
 * The company's invoices on account with money owed, oldest first (by invoice date, then number), locked
 * for the payment being recorded; only `orderIds` when given.
 */
export async function owingInvoices(tx: Database, companyId: string, orderIds?: string[]): Promise<OwingInvoice[]> {
  const rows = await tx
    .select({ orderId: orders.id, number: orders.number, owedCents: sql<string>`${owedSql}` })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.paymentMethod, "invoice"),
        notClosed,
        isNotNull(orders.invoiceNumber),
        owesSql,
        orderIds ? inArray(orders.id, orderIds) : undefined,
      ),
    )
    .orderBy(asc(orders.invoiceIssuedAt), asc(orders.number))
    .for("update");
  return rows.map((row) => ({ ...row, owedCents: Number(row.owedCents) }));
}

/** Puts `cents` of the company's credit against an order's invoice: one allocation entry, both balances moved. */
async function allocate(
  tx: Database,
  companyId: string,
  invoice: OwingInvoice,
  cents: number,
  from: { reference: string; paymentId?: string; by: string },
) {
  await tx.insert(ledgerEntries).values({
    companyId,
    orderId: invoice.orderId,
    paymentId: from.paymentId ?? null,
    kind: "allocation",
    owedCents: -cents,
    creditCents: -cents,
    reference: from.reference,
  });
  await moveCredit(tx, companyId, -cents);
  const paid = await receiveOnOrder(tx, invoice.orderId, cents, {
    by: from.by,
    note: `${formatCents(cents)} received: ${from.reference}`,
  });
  if (!paid) throw new Error(`order ${invoice.orderId} could not take ${cents} cents`);
  return { orderId: invoice.orderId, number: orderNumberText(invoice.number), amount: centsToDollars(cents) };
}

/** The allocations a payment asks for, each checked against what its invoice still owes. */
async function askedAllocations(
  tx: Database,
  companyId: string,
  asked: NonNullable<PaymentReceivedBody["allocations"]>,
) {
  const owing = new Map(
    (await owingInvoices(tx, companyId, [...new Set(asked.map((allocation) => allocation.orderId))])).map((invoice) => [
      invoice.orderId,
      invoice,
    ]),
  );
  const wanted = new Map<string, number>();
  for (const { orderId, amount } of asked) wanted.set(orderId, (wanted.get(orderId) ?? 0) + dollarsToCents(amount));
  return [...wanted].map(([orderId, cents]) => {
    const invoice = owing.get(orderId);
    if (!invoice) throw new MoneyRefused("not-this-companys", RECEIVABLES_MESSAGES.notThisCompanys);
    if (cents > invoice.owedCents) {
      const message = RECEIVABLES_MESSAGES.aboveBalance(
        orderNumberText(invoice.number),
        formatCents(invoice.owedCents),
      );
      throw new MoneyRefused("above-balance", message);
    }
    return { invoice, cents };
  });
}

/**
 * Records money received by transfer (in the caller's transaction): the payment, its ledger entry, and what
 * it pays, the allocations asked or else the oldest invoices first; the rest stays as the company's credit.
 * The same reference twice, an allocation to an order that is not the company's invoice or above what it owes, are
 * refused (MoneyRefused), and the transaction rolls back.
 */
export async function recordPayment(
  tx: Database,
  companyId: string,
  body: PaymentReceivedBody,
  by: string,
): Promise<PaymentReceived> {
  await lockCompanyMoney(tx, companyId);
  const amountCents = dollarsToCents(body.amount);
  const [payment] = await tx
    .insert(paymentsReceived)
    .values({ companyId, amountCents, receivedAt: body.receivedAt, reference: body.reference, recordedBy: by })
    .onConflictDoNothing()
    .returning();
  if (!payment) throw new MoneyRefused("duplicate-reference", RECEIVABLES_MESSAGES.duplicateReference(body.reference));
  await tx.insert(ledgerEntries).values({
    companyId,
    paymentId: payment.id,
    kind: "payment",
    creditCents: amountCents,
    reference: body.reference,
    at: new Date(`${body.receivedAt}T00:00:00Z`),
  });
  await moveCredit(tx, companyId, amountCents);
  const plan = body.allocations
    ? await askedAllocations(tx, companyId, body.allocations)
    : oldestFirst(await owingInvoices(tx, companyId), amountCents);
  const allocations = [];
  const from = { reference: body.reference, paymentId: payment.id, by };
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

/** What `cents` pays of these invoices, oldest first, each to what it owes. */
function oldestFirst(invoices: OwingInvoice[], cents: number) {
  const plan: { invoice: OwingInvoice; cents: number }[] = [];
  let left = cents;
  for (const invoice of invoices) {
    if (left <= 0) break;
    const paid = Math.min(left, invoice.owedCents);
    plan.push({ invoice, cents: paid });
    left -= paid;
  }
  return plan;
}

/**
 * An invoice issued for an order on account (in the shipping transaction): its ledger entry, then whatever
 * credit the company holds pays it, as far as it goes.
 */
export async function recordInvoiceIssued(
  tx: Database,
  invoice: { companyId: string; orderId: string; invoiceNumber: string; totalCents: number; at: Date; by: string },
): Promise<void> {
  const { companyId, orderId } = invoice;
  await lockCompanyMoney(tx, companyId);
  await tx.insert(ledgerEntries).values({
    companyId,
    orderId,
    kind: "invoice",
    owedCents: invoice.totalCents,
    reference: invoice.invoiceNumber,
    at: invoice.at,
  });
  const credit = await creditBalanceCents(tx, companyId);
  const [owing] = await owingInvoices(tx, companyId, [orderId]);
  if (credit > 0 && owing) {
    await allocate(tx, companyId, owing, Math.min(credit, owing.owedCents), {
      reference: `Credit to ${invoice.invoiceNumber}`,
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
  const [recorded] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, orderId),
        eq(ledgerEntries.kind, "card-payment"),
        eq(ledgerEntries.reference, reference),
      ),
    );
  if (recorded) return "recorded-already";
  const [owing] = await owingInvoices(tx, companyId, [orderId]);
  if (!owing || cents <= 0 || cents > owing.owedCents) return "not-owed";
  await tx.insert(ledgerEntries).values({ companyId, orderId, kind: "card-payment", owedCents: -cents, reference });
  const paid = await receiveOnOrder(tx, orderId, cents, {
    by: payment.by,
    note: `${formatCents(cents)} paid by card: ${reference}`,
  });
  if (!paid) throw new Error(`order ${orderId} could not take ${cents} cents`);
  return "paid";
}
