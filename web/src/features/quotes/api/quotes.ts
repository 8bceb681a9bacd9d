import type { Quote, QuoteAcceptBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed, apiAuthedOnce, downloadAuthed } from "../../../lib/api-authed";
import { quoteApi } from "../../../lib/api-routes/quotes";
import { ordersQueryKey } from "../../../lib/query-keys";
import { quotePdfName } from "../quote-parts";

/** Every quote the page shows: a change to one refetches the lists and the quote itself. */
export const quotesQueryKey = ["quotes"] as const;

/** GET /api/quotes: the buyer's quotes, and their company's for members, newest first. */
export function useQuotes() {
  return useQuery({ queryKey: [...quotesQueryKey, "mine"], queryFn: () => apiAuthed(quoteApi.myQuotes) });
}

/** GET /api/quotes/{id}: one quote (404 for anyone but the buyer and their company). */
export const quoteQuery = (id: string) =>
  queryOptions({ queryKey: [...quotesQueryKey, id], retry: false, queryFn: () => apiAuthed(quoteApi.quote(id)) });

export function useQuote(id: string) {
  return useQuery(quoteQuery(id));
}

/**
 * POST /api/quotes/{id}/accept {phone, address | addressId, poNumber?}: one order at the quoted prices;
 * the answer names it (its status says when it awaits an owner's approval).
 */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAcceptBody) => apiAuthedOnce(quoteApi.acceptQuote(id), body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]),
  });
}

/** POST /api/quotes/{id}/decline: nothing is ordered; the answer is the quote, declined. */
export function useDeclineQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiAuthed(quoteApi.declineQuote(id)),
    onSuccess: (quote) => queryClient.setQueryData(quoteQuery(id).queryKey, quote),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

/** GET /api/quotes/{id}/pdf: the priced quote as a PDF, for its buyer and their company (409 before a price). */
export function downloadQuote(quote: Quote) {
  return downloadAuthed(quoteApi.quotePdf(quote._id), quotePdfName(quote));
}
