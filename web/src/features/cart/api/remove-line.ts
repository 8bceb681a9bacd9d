import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { signedInApi } from "../../../lib/api-routes/signed-in";
import { cartQueryKey } from "../../../lib/query-keys";
import { CART_CHANGES } from "./set-line-quantity";

/** DELETE /api/cart/lines/{productId}: the line leaves the cart; the answer is the cart priced again. */
export function useRemoveLine() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: CART_CHANGES,
    mutationFn: (productId: string) => apiAuthed(signedInApi.removeCartLine(productId)),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
