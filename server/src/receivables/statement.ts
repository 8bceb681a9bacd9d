import {
  AGING_BUCKETS,
  type Aging,
  type CompanyStatement,
  centsToDollars,
  daysOverdue,
  monthBounds,
  type OpenInvoice,
  orderNumberText,
  type StatementEntry,
} from "@forgeline/contract";
import type { Database } from "../db/client.js";
import type { CreditStanding } from "../ordering/order-money.js";
import { companyCreditJson } from "./company-credit.js";
import { companyLedger, type InvoiceBalance, type LedgerLine } from "./queries/ledger.js";
import { type InvoiceOfOrder, invoicesNamed, type OwingFigures, owingOfCompany } from "./queries/owing.js";

/**
 * A company's statement of a month (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): the balance as it
 * began, the month's entries each with the balance after it, and the closing balance, all from the ledger; then,
 * as of now, a page of its open invoices from the ledger too, and what all of them owe by age (the balances kept
 * beside the ledger, as the receivables list reads them), and its credit. Each entry names the invoice it moves (an
 * order shipped in parts has one per shipment, decision 077).
 */

/** What is owed by aging bucket, in dollars: the statement's and the receivables list's. */
export const agingDollars = (agingCents: OwingFigures["agingCents"]): Aging =>
  Object.fromEntries(AGING_BUCKETS.map(({ key }) => [key, centsToDollars(agingCents[key])])) as Aging;

function entryInvoice(invoice: InvoiceOfOrder | undefined): StatementEntry["invoice"] {
  if (!invoice) return null;
  return {
    orderId: invoice.orderId,
    orderNumber: orderNumberText(invoice.number),
    number: invoice.invoiceNumber,
    dueAt: invoice.dueAt.toISOString(),
  };
}

function openInvoice(order: InvoiceBalance, now: Date): OpenInvoice {
  return {
    orderId: order.orderId,
    orderNumber: orderNumberText(order.number),
    number: order.invoiceNumber,
    issuedAt: order.issuedAt.toISOString(),
    dueAt: order.dueAt.toISOString(),
    total: centsToDollars(order.totalCents),
    paid: centsToDollars(order.paidCents),
    credited: centsToDollars(order.creditedCents),
    balance: centsToDollars(order.balanceCents),
    daysOverdue: daysOverdue(order.dueAt, now),
  };
}

export async function companyStatement(
  db: Database,
  company: { id: string; name: string; terms?: CreditStanding["terms"] },
  { month, openPage = 1 }: { month: string; openPage?: number },
  now = new Date(),
): Promise<CompanyStatement> {
  const { from, to } = monthBounds(month);
  const [{ standing, lines, owing }, open, credit] = await Promise.all([
    companyLedger(db, company.id, { from, to }, openPage),
    owingOfCompany(db, company.id, now),
    companyCreditJson(db, company.id, company.terms),
  ]);
  const balanceAfter = (line: LedgerLine) => standing.owedCents + line.sinceCents;
  // The open invoices came with their orders; the month's entries may name others, paid or credited since.
  const invoices = new Map<string, InvoiceOfOrder>(owing.map((invoice) => [invoice.invoiceNumber, invoice]));
  const others = lines.flatMap((line) =>
    line.invoiceNumber && !invoices.has(line.invoiceNumber) ? [line.invoiceNumber] : [],
  );
  for (const [number, invoice] of await invoicesNamed(db, company.id, [...new Set(others)])) {
    invoices.set(number, invoice);
  }
  const entries = lines.map((line): StatementEntry => {
    const change = line.owedCents - line.creditCents;
    return {
      kind: line.kind,
      at: line.at.toISOString(),
      reference: line.reference,
      reason: line.reason,
      invoice: entryInvoice(line.invoiceNumber ? invoices.get(line.invoiceNumber) : undefined),
      // Money put against an invoice moves what is owed from the invoice to the credit received earlier.
      amount: centsToDollars(line.kind === "allocation" ? -line.owedCents : Math.abs(change)),
      change: centsToDollars(change),
      balance: centsToDollars(balanceAfter(line)),
    };
  });
  const { agingCents, owedCents } = open.figures;
  return {
    companyId: company.id,
    companyName: company.name,
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    openingBalance: centsToDollars(standing.owedCents),
    entries,
    closingBalance: centsToDollars(standing.owedCents + (lines.at(-1)?.sinceCents ?? 0)),
    asOf: now.toISOString(),
    openInvoices: owing.map((balance) => openInvoice(balance, now)),
    openPage,
    openInvoiceCount: open.openInvoices,
    owed: centsToDollars(owedCents),
    aging: agingDollars(agingCents),
    credit,
    unallocatedCredit: centsToDollars(standing.unallocatedCents),
  };
}
