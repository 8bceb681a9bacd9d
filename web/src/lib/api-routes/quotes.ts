import type { OrderCreated, Quote, QuoteAcceptBody } from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** A customer's quotes: read, accepted at the prices quoted, or declined. */
export const quoteApi = {
  myQuotes: "GET /api/quotes" as Route<Quote[]>,
  quote: (quoteId: string) => `GET /api/quotes/${part(quoteId)}` as Route<Quote>,
  acceptQuote: (quoteId: string) => `POST /api/quotes/${part(quoteId)}/accept` as Route<OrderCreated, QuoteAcceptBody>,
  declineQuote: (quoteId: string) => `POST /api/quotes/${part(quoteId)}/decline` as Route<Quote>,
  /** The priced quote as a PDF (its buyer and their company). */
  quotePdf: (quoteId: string) => `GET /api/quotes/${part(quoteId)}/pdf` as Route<Blob>,
};
