import type { Quote, QuotePreviewBody, QuoteSendBody } from "@forgeline/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed, downloadAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { quotePdfName } from "../quote-parts";
import { quotesQueryKey } from "./quotes";

const adminQuotesKey = [...quotesQueryKey, "admin"] as const;

/** GET /api/admin/quotes (admins): every quote, newest first. */
export function useAdminQuotes() {
  return useQuery({ queryKey: adminQuotesKey, queryFn: () => apiAuthed(adminApi.quotes) });
}

/** GET /api/admin/quotes/{id} (admins): one quote, and what its lines would cost the buyer today. */
export function useAdminQuote(id: string) {
  return useQuery({
    queryKey: [...adminQuotesKey, id],
    retry: false,
    queryFn: () => apiAuthed(adminApi.quote(id)),
  });
}

/**
 * POST /api/admin/quotes/{id}/preview (admins): the prices being typed, priced by the server as the quote's order
 * would be, beside today's price, and whether sending them needs a confirmation. Off while `lines` is null (a
 * line has no valid price); the last answer stays shown while the next one comes.
 */
export function useQuotePreview(id: string, lines: QuotePreviewBody["lines"] | null) {
  return useQuery({
    queryKey: [...adminQuotesKey, id, "preview", lines],
    enabled: lines !== null,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: () => apiAuthed(adminApi.previewQuote(id), { lines: lines ?? [] }),
  });
}

/**
 * POST /api/admin/quotes/{id}/send {lines: [{productId, unitPrice}], expiresAt, note, confirmDearer?} (admins):
 * the prices, expiry and note replace any sent before; 400 names the fields, 409 once the buyer has decided or
 * when the quote is dearer than today's price and not confirmed.
 */
export function useSendQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteSendBody) => apiAuthed(adminApi.sendQuote(id), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

/** GET /api/admin/quotes/{id}/pdf (admins): any priced quote as a PDF, as its buyer gets it. */
export function downloadAdminQuote(quote: Quote) {
  return downloadAuthed(adminApi.quotePdf(quote._id), quotePdfName(quote));
}
