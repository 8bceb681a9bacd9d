import { createRequire } from "node:module";
import { formatCents } from "@forgeline/contract";
import PDFDocument from "pdfkit";

/**
 * What an invoice says (docs/ARCHITECTURE.md, 'Mail and invoices'; docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'):
 * seller, buyer, every line, the discount, the tax, the PO number, the payment, the number. The figures are the ones
 * frozen on the order.
 */
export interface InvoiceData {
  number: string;
  /** `taxId` is null on a local run only: production must set SHOP_TAX_ID. */
  seller: { name: string; address: string; taxId: string | null };
  buyer: { name: string; email: string; phone: string; address: string };
  /** The buyer's company when the order was placed; `taxExempt`: no tax, and the invoice says so. */
  company: { name: string; taxId: string | null; taxExempt: boolean } | null;
  lines: { productName: string; sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  money: {
    subtotalCents: number;
    promotionName: string | null;
    discountCents: number;
    /** Percent. */
    taxRate: number;
    taxCents: number;
    totalCents: number;
  };
  poNumber: string | null;
  payment: { reference: string; paidAt: Date };
  /** The order number a person reads: FL-100234. */
  orderNumber: string;
}

// DejaVu covers Latin, Greek and Cyrillic, so a buyer called Łukasz or Žofia is printed as written;
// PDF's built-in Helvetica knows only Western European letters.
const fonts = createRequire(import.meta.url);
const REGULAR = fonts.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = fonts.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The invoice as a one-page A4 PDF. */
export function invoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: `Invoice ${invoice.number}`, Author: invoice.seller.name, Subject: `Order ${invoice.orderNumber}` },
  });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("bold").fontSize(20).text(`Invoice ${invoice.number}`);
  doc.font("regular").fontSize(10).moveDown(0.3);
  doc.text(`Date: ${day(invoice.payment.paidAt)}`);
  doc.text(`Order number: ${invoice.orderNumber}`);
  if (invoice.poNumber) doc.text(`PO number: ${invoice.poNumber}`);
  doc.moveDown();

  // One party under the other, each the page's width, so a long address or email stays on one line.
  const party = (heading: string, lines: string[]) => {
    doc.font("bold").text(heading, left, doc.y, { width });
    doc.font("regular");
    for (const line of lines) doc.text(line, left, doc.y, { width });
    doc.moveDown();
  };
  const { seller } = invoice;
  party("Seller", [seller.name, seller.address, ...(seller.taxId ? [`Tax ID: ${seller.taxId}`] : [])]);
  const { buyer } = invoice;
  const { company } = invoice;
  const companyLines = company ? [company.name, ...(company.taxId ? [`Tax ID: ${company.taxId}`] : [])] : [];
  party("Bill to", [...companyLines, buyer.name, buyer.email, buyer.phone, buyer.address]);
  doc.moveDown(0.5);

  const columns = [
    { title: "Tool", x: left, width: width * 0.46, align: "left" as const },
    { title: "Quantity", x: left + width * 0.46, width: width * 0.16, align: "right" as const },
    { title: "Unit price", x: left + width * 0.62, width: width * 0.18, align: "right" as const },
    { title: "Total", x: left + width * 0.8, width: width * 0.2, align: "right" as const },
  ];
  const row = (cells: string[], font: "regular" | "bold") => {
    const y = doc.y;
    doc.font(font);
    let bottom = y;
    cells.forEach((cell, i) => {
      const c = columns[i];
      if (!c) return;
      doc.text(cell, c.x, y, { width: c.width, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 6;
  };
  const { money: figures } = invoice;
  row(
    columns.map((c) => c.title),
    "bold",
  );
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .stroke();
  for (const line of invoice.lines) {
    row(
      [
        `${line.productName} (${line.sku})`,
        String(line.quantity),
        formatCents(line.unitPriceCents),
        formatCents(line.totalCents),
      ],
      "regular",
    );
  }
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + width, doc.y - 3)
    .stroke();
  if (figures.discountCents > 0 || figures.taxCents > 0)
    row(["Subtotal", "", "", formatCents(figures.subtotalCents)], "regular");
  if (figures.discountCents > 0) {
    row(
      [`Discount: ${figures.promotionName ?? "promotion"}`, "", "", `−${formatCents(figures.discountCents)}`],
      "regular",
    );
  }
  if (figures.taxCents > 0) row([`Tax (${figures.taxRate}%)`, "", "", formatCents(figures.taxCents)], "regular");
  if (company?.taxExempt) row(["Tax: none, the buyer is tax-exempt", "", "", formatCents(0)], "regular");
  row(["Total paid", "", "", formatCents(figures.totalCents)], "bold");

  doc.moveDown();
  doc
    .font("regular")
    .text(
      `Paid by card on ${day(invoice.payment.paidAt)}, payment reference ${invoice.payment.reference}.`,
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
