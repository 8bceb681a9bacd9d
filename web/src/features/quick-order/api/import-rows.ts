import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { cartQueryKey } from "../../../lib/query-keys";

/**
 * POST /api/cart/import {text}: rows of SKU and quantity (typed rows, a pasted list or a CSV file's text)
 * into the cart; the answer is a report row per row and the cart as it is now (kept for the cart page and
 * the navbar's count). A text that is not text, or too long, is a 400 on the field `text`, nothing added.
 */
export function useImportRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiAuthed(orderApi.importRows, { text }),
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, answer.cart),
  });
}
