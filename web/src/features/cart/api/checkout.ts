import type { Cart, CheckoutBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { ApiError } from "../../../lib/api-client";
import { cartApi } from "../../../lib/api-routes/cart";
import { cartQueryKey, ordersQueryKey } from "../../../lib/query-keys";

/**
 * POST /api/cart/checkout: one order of every line, priced again. `expectedTotal` is the total the buyer
 * saw; when the server's differs, nothing is placed and the 409 brings the cart as it is priced now.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutBody) => apiAuthedOnce(cartApi.checkout, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]),
    onError: (error) => {
      const cart = changedCart(error);
      if (cart) queryClient.setQueryData(cartQueryKey, cart);
    },
  });
}

/** The cart a 409 brings when a price or promotion changed since the buyer saw the total, else null. */
export function changedCart(error: unknown): Cart | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { cart?: Cart } | null;
  return body?.cart && Array.isArray(body.cart.lines) ? body.cart : null;
}
