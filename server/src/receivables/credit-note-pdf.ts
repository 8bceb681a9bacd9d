import { formatCents, orderNumberText } from "@forgeline/contract";
import { companyLines, lessCents, type PdfDocument, pdfDay, pdfDocument, sellerParty } from "../http/pdf-document.js";
import type { AccountInvoiceRow, CreditNoteRow, OrderRow } from "../ordering/order-money.js";

/**
 * What a credit note says (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'), in the documents' one layout
 * (http/pdf-document.ts), like its invoice: its number and date, the invoice and order it credits, seller and
 * whom it credits, the invoice's total, what earlier credit notes took off it, this one's amount, and where that
 * went: off what the invoice owed, or back to the company as credit for what was paid already.
 */
export interface CreditNoteData {
  creditNote: CreditNoteRow;
  /** The credit notes of its invoice issued before this one. */
  earlier: CreditNoteRow[];
  order: OrderRow;
  /** The invoice it credits (an order shipped in parts has one per shipment, decision 077). */
  invoice: Pick<AccountInvoiceRow, "number" | "issuedAt" | "totalCents">;
  /** `taxId` is null on a local run only: production must set SHOP_TAX_ID. */
  seller: { name: string; address: string; taxId: string | null };
}

export function creditNoteDocument({
  creditNote,
  earlier,
  order,
  invoice: credited,
  seller,
}: CreditNoteData): PdfDocument {
  const orderNumber = orderNumberText(order.number);
  const invoice = credited.number;
  const earlierCents = earlier.reduce((sum, row) => sum + row.amountCents, 0);
  const billTo = order.companyName
    ? [...companyLines(order.companyName, order.companyTaxId, order.billingAddress ?? order.address), order.userEmail]
    : [order.userName, order.billingAddress ?? order.address, order.userEmail];
  return {
    title: `Credit note ${creditNote.number}`,
    author: seller.name,
    subject: `Invoice ${invoice}, order ${orderNumber}`,
    facts: [
      `Date: ${pdfDay(creditNote.issuedAt)}`,
      `Credits invoice ${invoice} of ${pdfDay(credited.issuedAt)}`,
      `Order number: ${orderNumber}`,
      `Reason: ${creditNote.reason}`,
      order.poNumber && `PO number: ${order.poNumber}`,
    ],
    parties: [sellerParty(seller), { heading: "Credit to", lines: billTo }],
    lines: [],
    table: {
      columns: [
        { title: "Entry", share: 0.7 },
        { title: "Amount", share: 0.3 },
      ],
      rows: [
        [`Invoice ${invoice} total`, formatCents(credited.totalCents)],
        ...(earlier.length > 0
          ? [[`Credited before (${earlier.map((row) => row.number).join(", ")})`, lessCents(earlierCents)]]
          : []),
        [`This credit note, ${creditNote.number}`, lessCents(creditNote.amountCents)],
      ],
    },
    totals: [{ label: "Credited", cents: creditNote.amountCents, strong: true }],
    notes: [
      creditNote.offBalanceCents > 0
        ? `${formatCents(creditNote.offBalanceCents)} is taken off what invoice ${invoice} owes.`
        : null,
      creditNote.toCreditCents > 0
        ? `${formatCents(creditNote.toCreditCents)} was paid already: it is the company's credit now and pays its next invoices.`
        : null,
    ],
  };
}

/** The credit note as an A4 PDF. */
export const creditNotePdf = (data: CreditNoteData): Promise<Buffer> => pdfDocument(creditNoteDocument(data));
