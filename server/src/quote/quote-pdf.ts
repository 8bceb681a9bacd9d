import { quoteTitle } from "@forgeline/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { findCompany } from "../company/queries/companies.js";
import { HttpError } from "../http/errors.js";
import {
  moneyRows,
  type PdfDocument,
  pdfDay,
  pdfDocument,
  pdfMoment,
  sellerParty,
  sendPdf,
  taxIdLine,
} from "../http/pdf-document.js";
import { errorAnswers, fileAnswer } from "../http/route-schema.js";
import { findAccount } from "../identity/queries.js";
import { taxRateFor } from "../ordering/checkout.js";
import type { PricedOrderCents } from "../pricing/price.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { type QuoteRow, quotedPrice, statusOf } from "./queries.js";

/**
 * What a quote's PDF says (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): the seller, the buyer and their company, each
 * line at the quoted price, the total as its order would be charged, and until when the prices hold. Named as the
 * pages name the quote (quotes have no number). How it looks is the documents' one layout (http/pdf-document.ts).
 */
export interface QuoteDocumentData {
  quote: QuoteRow;
  /** The quoted lines priced by the one price function (queries.ts `quotedPrice`). */
  priced: PricedOrderCents;
  seller: { name: string; address: string; taxId: string | null };
  buyer: { name: string; email: string };
  company: { name: string; taxId: string | null; taxExempt: boolean } | null;
}

/** Until when the prices hold, or what became of the quote. */
function standing(quote: QuoteRow): string {
  const until = quote.expiresAt ? pdfMoment(quote.expiresAt) : "";
  const decided = quote.decidedAt ? ` on ${pdfDay(quote.decidedAt)}` : "";
  switch (statusOf(quote)) {
    case "accepted":
      return `Accepted${decided}: the order was placed at these prices.`;
    case "declined":
      return `Declined${decided}: nothing was ordered.`;
    case "expired":
      return `This quote expired on ${until}: its prices no longer hold.`;
    default:
      return `The prices quoted hold until ${until}. Accept the quote on its page before then to order at these prices.`;
  }
}

/** The quote's parts in the documents' layout. */
export function quoteDocument({ quote, priced, seller, buyer, company }: QuoteDocumentData): PdfDocument {
  return {
    title: `Quote for ${quoteTitle(quote)}`,
    author: seller.name,
    subject: `Quote for ${buyer.email}`,
    facts: [
      quote.sentAt && `Date: ${pdfDay(quote.sentAt)}`,
      quote.expiresAt && `Valid until: ${pdfMoment(quote.expiresAt)}`,
      quote.revision > 1 ? `Revision ${quote.revision}` : null,
    ],
    parties: [
      sellerParty(seller),
      {
        heading: "Quoted for",
        lines: company ? [company.name, taxIdLine(company.taxId), buyer.name, buyer.email] : [buyer.name, buyer.email],
      },
    ],
    lines: priced.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    totals: moneyRows(
      {
        subtotalCents: priced.subtotalCents,
        discount: null,
        taxRate: priced.taxRateMilli / 1000,
        taxCents: priced.taxCents,
        taxExempt: company?.taxExempt ?? false,
        totalCents: priced.totalCents,
      },
      "Total",
    ),
    notes: [standing(quote), quote.shopNote && `Note from ${seller.name}: ${quote.shopNote}`],
  };
}

/** What both routes of a quote's PDF answer (the buyers' and the admins'). */
export const QUOTE_PDF_ANSWERS = {
  200: fileAnswer("The quote as a PDF file.", "application/pdf"),
  ...errorAnswers(400, 401, 403, 404, 409, 429),
};

/** A quote waiting for its prices has no document yet. */
export const QUOTE_NOT_PRICED = "This quote has no prices yet: its PDF is ready once we have priced it.";

/**
 * Answers the quote's PDF, to its buyer, a colleague or an admin (the routes decide who may): 409 while it waits
 * for prices, then one document from the downloader's allowance.
 */
export async function sendQuotePdf(app: FastifyInstance, reply: FastifyReply, quote: QuoteRow, downloader: string) {
  const company = quote.companyId ? await findCompany(app.db, quote.companyId) : undefined;
  const priced = quotedPrice(quote.lines, taxRateFor(company, app.config.taxRateMilli));
  if (!priced) throw new HttpError(409, QUOTE_NOT_PRICED);
  await spendAllowance(app, reply, downloader, "document");
  const account = await findAccount(app.db, quote.userEmail);
  const pdf = await pdfDocument(
    quoteDocument({
      quote,
      priced,
      seller: app.config.seller,
      buyer: { name: account?.name.trim() || quote.userEmail, email: quote.userEmail },
      company: company ?? null,
    }),
  );
  return sendPdf(reply, pdf, `quote-${quote.id.slice(0, 8)}.pdf`);
}
