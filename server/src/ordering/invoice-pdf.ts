import {
  type Figures,
  moneyRows,
  type PdfDocument,
  pdfDay,
  pdfDocument,
  sellerParty,
  taxIdLine,
} from "../http/pdf-document.js";

/**
 * What an invoice says (docs/ARCHITECTURE.md, 'Mail and invoices'; docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'):
 * seller, whom it bills and where, where the tools go, every line, the discount, the tax, the PO number, the payment,
 * the number. The figures and addresses are the ones frozen on the order. How it looks is the documents' one layout
 * (http/pdf-document.ts).
 */
export interface InvoiceData {
  number: string;
  /** `taxId` is null on a local run only: production must set SHOP_TAX_ID. */
  seller: { name: string; address: string; taxId: string | null };
  /** Who ordered, and where the order goes. */
  buyer: { name: string; email: string; phone: string; deliveryAddress: string };
  /** Where the invoice is addressed: the company's billing address, or the delivery address. */
  billingAddress: string;
  /** The buyer's company when the order was placed. */
  company: { name: string; taxId: string | null } | null;
  lines: { productName: string; sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  /** Subtotal, the promotion's discount, the tax (none when `company.taxExempt`), the total paid. */
  figures: Figures;
  poNumber: string | null;
  payment: { reference: string; paidAt: Date };
  /** The order number a person reads: FL-100234. */
  orderNumber: string;
}

/** The invoice's parts in the documents' layout. */
export function invoiceDocument(invoice: InvoiceData): PdfDocument {
  const { seller, buyer, company } = invoice;
  return {
    title: `Invoice ${invoice.number}`,
    author: seller.name,
    subject: `Order ${invoice.orderNumber}`,
    facts: [
      `Date: ${pdfDay(invoice.payment.paidAt)}`,
      `Order number: ${invoice.orderNumber}`,
      invoice.poNumber && `PO number: ${invoice.poNumber}`,
    ],
    parties: [
      sellerParty(seller),
      {
        heading: "Bill to",
        lines: company
          ? [company.name, taxIdLine(company.taxId), invoice.billingAddress, buyer.email]
          : [buyer.name, invoice.billingAddress, buyer.email],
      },
      { heading: "Deliver to", lines: [buyer.name, buyer.phone, buyer.deliveryAddress] },
    ],
    lines: invoice.lines.map((line) => ({
      name: line.productName,
      sku: line.sku,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      totalCents: line.totalCents,
    })),
    totals: moneyRows(invoice.figures, "Total paid"),
    notes: [`Paid by card on ${pdfDay(invoice.payment.paidAt)}, payment reference ${invoice.payment.reference}.`],
  };
}

/** The invoice as an A4 PDF. */
export const invoicePdf = (invoice: InvoiceData): Promise<Buffer> => pdfDocument(invoiceDocument(invoice));
