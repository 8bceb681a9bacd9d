import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { cartQueryKey } from "../../../lib/query-keys";

/**
 * POST /api/ordering/{id}/reorder: every line of a past order (own, or the company's) into the cart at
 * today's prices; the answer is a row per line (`error` with why for a line not added) and the cart now.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiAuthed(orderApi.reorder(orderId)),
    onSuccess: (answer) => queryClient.setQueryData(cartQueryKey, answer.cart),
  });
}
