import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { cartApi } from "../../../lib/api-routes/cart";
import { cartQueryKey } from "../../../lib/query-keys";
import { CART_CHANGES } from "./set-line-quantity";

/** DELETE /api/cart/lines/{productId}: the line leaves the cart; the answer is the cart priced again. */
export function useRemoveLine() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_CHANGES,
    mutationFn: (productId: string) => apiAuthed(cartApi.removeLine(productId)),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
