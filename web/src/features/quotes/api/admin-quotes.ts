import type { Quote, QuoteSendBody } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed, downloadAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { quotePdfName } from "../quote-parts";
import { quotesQueryKey } from "./quotes";

/** GET /api/admin/quotes (admins): every quote, newest first; an admin's quote page reads its one from here. */
export function useAdminQuotes() {
  return useQuery({
    queryKey: [...quotesQueryKey, "admin"],
    queryFn: () => apiAuthed(adminApi.quotes),
  });
}

/**
 * POST /api/admin/quotes/{id}/send {lines: [{productId, unitPrice}], expiresAt, note} (admins): the prices,
 * expiry and note replace any sent before; 400 names the fields, 409 once the buyer has decided.
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
