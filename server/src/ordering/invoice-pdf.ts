import { invoiceOwedCents, ON_ACCOUNT_MESSAGES, orderNumberText, owedCents } from "@forgeline/contract";
import {
  companyLines,
  type Figures,
  moneyRows,
  type PdfDocument,
  pdfDay,
  pdfDocument,
  sellerParty,
} from "../http/pdf-document.js";
import { carriedLines } from "./invoice-share.js";
import type { AccountInvoiceRow } from "./queries/account-invoices.js";
import type { OrderLineRow, OrderRow } from "./queries/orders.js";

/**
 * What an invoice says (docs/ARCHITECTURE.md, 'Mail and invoices'; docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout';
 * docs/BUYING-ON-ACCOUNT.md, 'Invoices on account'): seller, whom it bills and where, where the tools go, every line,
 * the discount, the tax, the PO number, how it is paid, the number. The figures and addresses are the ones frozen on
 * the order. How it looks is the documents' one layout (http/pdf-document.ts).
 */
export interface InvoiceData {
  number: string;
  /** The invoice date: when a card order was paid, or when an order on account shipped. */
  issuedAt: Date;
  /** `taxId` is null on a local run only: production must set SHOP_TAX_ID. */
  seller: { name: string; address: string; taxId: string | null };
  /** Who ordered, and where the order goes. */
  buyer: { name: string; email: string; phone: string; deliveryAddress: string };
  /** Where the invoice is addressed: the company's billing address, or the delivery address. */
  billingAddress: string;
  /** The buyer's company when the order was placed. */
  company: { name: string; taxId: string | null } | null;
  lines: { productName: string; sku: string; quantity: number; unitPriceCents: number; totalCents: number }[];
  /** Subtotal, the promotion's discount, the tax (none when `company.taxExempt`), the total. */
  figures: Figures;
  poNumber: string | null;
  /**
   * Paid by card before it shipped; or on account: when it is due, what was paid so far and what is left,
   * and the shop's bank account to pay it into (SHOP_BANK_DETAILS).
   */
  payment:
    | { method: "card"; reference: string; paidAt: Date }
    | {
        method: "invoice";
        netDays: number;
        dueAt: Date;
        /** What credit notes took off its total (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'). */
        creditedCents: number;
        amountPaidCents: number;
        balanceCents: number;
        bankDetails: string;
      };
  /** The order number a person reads: FL-100234. */
  orderNumber: string;
}

/** What every invoice of an order says of it: seller, buyer, where it is billed and goes, its company, PO number. */
function orderParts(order: OrderRow, seller: InvoiceData["seller"]) {
  return {
    orderNumber: orderNumberText(order.number),
    seller,
    buyer: { name: order.userName, email: order.userEmail, phone: order.phone, deliveryAddress: order.address },
    billingAddress: order.billingAddress ?? order.address,
    company: order.companyName ? { name: order.companyName, taxId: order.companyTaxId } : null,
    poNumber: order.poNumber,
  };
}

/**
 * The invoice of an order, or undefined while it has none: a card order's is issued when it is paid, an order on
 * account's when it ships; one invoiced a shipment at a time has one per shipment (`shipmentInvoiceOf`), and none
 * for the whole order (the caller asks whether its one invoice bills the total).
 */
export function invoiceOf(
  order: OrderRow,
  lines: OrderLineRow[],
  shop: { seller: InvoiceData["seller"]; bankDetails: string },
): InvoiceData | undefined {
  if (!order.invoiceNumber || !order.invoiceIssuedAt) return undefined;
  const payment = paymentOf(order, shop.bankDetails);
  if (!payment) return undefined;
  return {
    ...orderParts(order, shop.seller),
    number: order.invoiceNumber,
    issuedAt: order.invoiceIssuedAt,
    lines: lines.map((line) => ({
      productName: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    figures: {
      subtotalCents: order.subtotalCents,
      discount:
        order.discountCents > 0 ? { name: order.promotionName ?? "promotion", cents: order.discountCents } : null,
      taxRate: order.taxRateMilli / 1000,
      taxCents: order.taxCents,
      taxExempt: order.taxExempt,
      totalCents: order.totalCents,
    },
    payment,
  };
}

/**
 * The invoice a shipment of an order on account is billed on (docs/decisions/077-invoices-per-shipment.md): the
 * pieces its shipments carried (Ship's parcels from several warehouses share one) at the order's prices, their share
 * of the promotion, the tax that makes up what it bills, and what was paid and credited of it.
 */
export function shipmentInvoiceOf(
  order: OrderRow,
  lines: OrderLineRow[],
  billed: { invoice: AccountInvoiceRow; pieces: ReadonlyMap<number, number> },
  shop: { seller: InvoiceData["seller"]; bankDetails: string },
): InvoiceData | undefined {
  const { invoice, pieces } = billed;
  if (order.netDays === null) return undefined;
  const carried = carriedLines(lines, pieces);
  const subtotalCents = carried.reduce((sum, line) => sum + line.totalCents, 0);
  const netCents = carried.reduce((sum, line) => sum + line.netCents, 0);
  const discountCents = subtotalCents - netCents;
  return {
    ...orderParts(order, shop.seller),
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    lines: carried.map(({ line, quantity, totalCents }) => ({
      productName: line.name,
      sku: line.sku,
      quantity,
      unitPriceCents: line.unitCents,
      totalCents,
    })),
    figures: {
      subtotalCents,
      discount: discountCents > 0 ? { name: order.promotionName ?? "promotion", cents: discountCents } : null,
      taxRate: order.taxRateMilli / 1000,
      taxCents: invoice.totalCents - netCents,
      taxExempt: order.taxExempt,
      totalCents: invoice.totalCents,
    },
    payment: {
      method: "invoice",
      netDays: order.netDays,
      dueAt: invoice.dueAt,
      creditedCents: invoice.creditedCents,
      amountPaidCents: invoice.paidCents,
      balanceCents: invoiceOwedCents(invoice),
      bankDetails: shop.bankDetails,
    },
  };
}

function paymentOf(order: OrderRow, bankDetails: string): InvoiceData["payment"] | undefined {
  if (order.paymentMethod === "invoice") {
    if (order.netDays === null || !order.invoiceDueAt) return undefined;
    return {
      method: "invoice",
      netDays: order.netDays,
      dueAt: order.invoiceDueAt,
      creditedCents: order.creditedCents,
      amountPaidCents: order.amountPaidCents,
      balanceCents: owedCents(order),
      bankDetails,
    };
  }
  if (!order.transactionId || !order.paidAt) return undefined;
  return { method: "card", reference: order.transactionId, paidAt: order.paidAt };
}

/** The invoice's parts in the documents' layout. */
export function invoiceDocument(invoice: InvoiceData): PdfDocument {
  const { seller, buyer, company, payment } = invoice;
  const onAccount = payment.method === "invoice";
  return {
    title: `Invoice ${invoice.number}`,
    author: seller.name,
    subject: `Order ${invoice.orderNumber}`,
    facts: [
      `Date: ${pdfDay(invoice.issuedAt)}`,
      onAccount ? ON_ACCOUNT_MESSAGES.dueBy(payment.dueAt, payment.netDays) : null,
      `Order number: ${invoice.orderNumber}`,
      invoice.poNumber && `PO number: ${invoice.poNumber}`,
    ],
    parties: [
      sellerParty(seller),
      {
        heading: "Bill to",
        lines: company
          ? [...companyLines(company.name, company.taxId, invoice.billingAddress), buyer.email]
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
    totals: onAccount
      ? [
          ...moneyRows(invoice.figures, "Total"),
          ...(payment.creditedCents > 0 ? [{ label: "Credit notes", cents: payment.creditedCents, minus: true }] : []),
          { label: "Amount paid", cents: payment.amountPaidCents, minus: true },
          { label: "Balance due", cents: payment.balanceCents, strong: true },
        ]
      : moneyRows(invoice.figures, "Total paid"),
    notes: !onAccount
      ? [`Paid by card on ${pdfDay(payment.paidAt)}, payment reference ${payment.reference}.`]
      : payment.balanceCents > 0
        ? [`Please pay by bank transfer, quoting ${invoice.number}, to:`, payment.bankDetails]
        : ["Paid in full. Thank you."],
  };
}

/** The invoice as an A4 PDF. */
export const invoicePdf = (invoice: InvoiceData): Promise<Buffer> => pdfDocument(invoiceDocument(invoice));
