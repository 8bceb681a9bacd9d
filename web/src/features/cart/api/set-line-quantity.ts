import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { cartApi } from "../../../lib/api-routes/cart";
import { cartQueryKey } from "../../../lib/query-keys";

/** The cart's changes run one after another, so the last one sent is the one the cart keeps. */
export const CART_CHANGES = { id: "cart" } as const;

/**
 * PUT /api/cart/lines/{productId} {quantity}: the line's new quantity; the answer is the cart priced again.
 * 400 (field "quantity") outside the tool's rule, naming the nearest allowed quantities; 409 above stock.
 */
export function useSetLineQuantity(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartQueryKey, "line", productId],
    scope: CART_CHANGES,
    mutationFn: (quantity: number) => apiAuthed(cartApi.setLine(productId), { quantity }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
