import type { OrderCreated, Quote, QuoteAcceptBody, QuoteSendBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { ordersQueryKey } from "../../../lib/query-keys";

/** Every quote the page shows: a change to one refetches the lists and the quote itself. */
export const quotesQueryKey = ["quotes"] as const;
const quotePath = (id: string) => `/api/quotes/${encodeURIComponent(id)}`;

/** GET /api/quotes: the buyer's quotes, and their company's for members, newest first. */
export function useQuotes() {
  return useQuery({ queryKey: [...quotesQueryKey, "mine"], queryFn: () => apiAuthed<Quote[]>("/api/quotes") });
}

/** GET /api/quotes/{id}: one quote (404 for anyone but the buyer and their company). */
export const quoteQuery = (id: string) =>
  queryOptions({ queryKey: [...quotesQueryKey, id], retry: false, queryFn: () => apiAuthed<Quote>(quotePath(id)) });

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
    mutationFn: (body: QuoteAcceptBody) => apiAuthed<OrderCreated>(`${quotePath(id)}/accept`, { method: "POST", body }),
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
    mutationFn: () => apiAuthed<Quote>(`${quotePath(id)}/decline`, { method: "POST" }),
    onSuccess: (quote) => queryClient.setQueryData(quoteQuery(id).queryKey, quote),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

/** GET /api/admin/quotes (admins): every quote, newest first; an admin's quote page reads its one from here. */
export function useAdminQuotes() {
  return useQuery({
    queryKey: [...quotesQueryKey, "admin"],
    queryFn: () => apiAuthed<Quote[]>("/api/admin/quotes"),
  });
}

/**
 * POST /api/admin/quotes/{id}/send {lines: [{productId, unitPrice}], expiresAt, note} (admins): the prices,
 * expiry and note replace any sent before; 400 names the fields, 409 once the buyer has decided.
 */
export function useSendQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteSendBody) =>
      apiAuthed<Quote>(`/api/admin/quotes/${encodeURIComponent(id)}/send`, { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
