import type { NewQuoteBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { cartApi } from "../../../lib/api-routes/cart";
import { cartQueryKey } from "../../../lib/query-keys";

/**
 * POST /api/quotes {note}: the cart's lines become a request for quote, and the cart empties
 * (docs/SELLING-TO-BUSINESSES.md, 'Quotes').
 */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewQuoteBody) => apiAuthed(cartApi.requestQuote, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
