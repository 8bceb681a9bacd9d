import {
  AGING_BUCKETS,
  type CompanyStatement,
  dollarsToCents,
  formatPrice,
  isoDay,
  isoMonth,
  monthBounds,
  type StatementEntry,
  statementEntryText,
} from "@forgeline/contract";
import { csvLine } from "../http/csv.js";
import { companyLines, type PdfDocument, pdfDay, sellerParty, signedCents } from "../http/pdf-document.js";

/**
 * A month's statement as the documents a company downloads (docs/BUYING-ON-ACCOUNT.md, 'Statements and
 * receivables'): the PDF in the documents' one layout (opening balance, the entries, closing balance) and the
 * CSV as the other exports write it. Both say what the JSON says, in the entries' own words.
 */

const monthInWords = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthOf = (statement: CompanyStatement) => monthInWords.format(new Date(statement.from));

/**
 * Where the month ends: a closed month's closing balance on its last day (UTC), a month in progress's balance now,
 * on the day it is read, never a day still to come.
 */
function monthEnd(statement: CompanyStatement): { day: Date; label: string } {
  const asOf = new Date(statement.asOf);
  if (statement.month === isoMonth(asOf)) return { day: asOf, label: "Balance now" };
  return { day: new Date(monthBounds(statement.month).to.getTime() - 1), label: "Closing balance" };
}

const invoicesInWords = (count: number) => `${count} open ${count === 1 ? "invoice" : "invoices"}`;

/** An invoice adds to what is owed; money, card payments and credit notes take away; an allocation neither. */
const chargeOf = (entry: StatementEntry) => (entry.change > 0 ? formatPrice(entry.change) : "");
const creditOf = (entry: StatementEntry) => (entry.change < 0 ? formatPrice(-entry.change) : "");

export interface StatementParties {
  seller: { name: string; address: string; taxId: string | null };
  bankDetails: string;
  company: { taxId: string | null; billingAddress: string | null };
}

export function statementDocument(statement: CompanyStatement, parties: StatementParties): PdfDocument {
  const terms = statement.credit.paymentTerms;
  const asOf = pdfDay(new Date(statement.asOf));
  const end = monthEnd(statement);
  const balances = [statement.openingBalance, ...statement.entries.map((entry) => entry.balance)];
  const aging = AGING_BUCKETS.map(({ key, label }) => `${label} ${formatPrice(statement.aging[key])}`).join(", ");
  return {
    title: `Statement, ${monthOf(statement)}`,
    author: parties.seller.name,
    subject: `${statement.companyName}, ${statement.month}`,
    facts: [
      `Period: ${pdfDay(new Date(statement.from))} to ${pdfDay(end.day)} (UTC)`,
      `Date: ${asOf}`,
      terms && `Terms: net ${terms.netDays}, credit limit ${formatPrice(terms.creditLimit)}`,
    ],
    parties: [
      sellerParty(parties.seller),
      {
        heading: "Statement for",
        lines: companyLines(statement.companyName, parties.company.taxId, parties.company.billingAddress),
      },
    ],
    lines: [],
    table: {
      columns: [
        { title: "Date", share: 0.14 },
        { title: "Entry", share: 0.42 },
        { title: "Charges", share: 0.14 },
        { title: "Credits", share: 0.14 },
        { title: "Balance", share: 0.16 },
      ],
      rows: [
        [
          pdfDay(new Date(statement.from)),
          "Opening balance",
          "",
          "",
          signedCents(dollarsToCents(statement.openingBalance)),
        ],
        ...statement.entries.map((entry) => [
          pdfDay(new Date(entry.at)),
          statementEntryText(entry),
          chargeOf(entry),
          creditOf(entry),
          signedCents(dollarsToCents(entry.balance)),
        ]),
      ],
    },
    totals: [
      {
        label: `${end.label}, ${pdfDay(end.day)}`,
        cents: dollarsToCents(statement.closingBalance),
        strong: true,
      },
    ],
    notes: [
      balances.some((balance) => balance < 0)
        ? "A balance below $0.00 is money of yours we hold: it pays your next invoices."
        : null,
      `As of ${asOf}: ${invoicesInWords(statement.openInvoiceCount)} owing ${formatPrice(statement.owed)} (${aging}).`,
      statement.unallocatedCredit > 0
        ? `Money received and not yet put against an invoice: ${formatPrice(statement.unallocatedCredit)}.`
        : null,
      statement.owed > 0 ? "Please pay by bank transfer, quoting the invoice numbers, to:" : null,
      statement.owed > 0 ? parties.bankDetails : null,
    ],
  };
}

/** The CSV's columns; after the header, the opening balance, an entry a row, the closing balance. */
const CSV_HEADER = [
  "Date",
  "Kind",
  "Reference",
  "Invoice number",
  "Order number",
  "Due date",
  "Description",
  "Amount (USD)",
  "Change (USD)",
  "Balance (USD)",
];

/**
 * The month as CSV (RFC 4180, as every export: text quoted, formula starts defused). Money goes out as numbers,
 * as the price list's does: a spreadsheet reads a negative change as a number, and no number starts a formula.
 */
export function statementCsv(statement: CompanyStatement): string {
  const balanceRow = (date: string, description: string, balance: number) =>
    csvLine([date, null, null, null, null, null, description, null, null, balance]);
  return [
    csvLine(CSV_HEADER),
    balanceRow(isoDay(new Date(statement.from)), "Opening balance", statement.openingBalance),
    ...statement.entries.map((entry) =>
      csvLine([
        entry.at,
        entry.kind,
        entry.reference,
        entry.invoice?.number ?? null,
        entry.invoice?.orderNumber ?? null,
        entry.invoice?.dueAt?.slice(0, 10) ?? null,
        statementEntryText(entry),
        entry.amount,
        entry.change,
        entry.balance,
      ]),
    ),
    balanceRow(isoDay(monthEnd(statement).day), monthEnd(statement).label, statement.closingBalance),
  ].join("");
}
