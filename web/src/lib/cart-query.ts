import { queryOptions } from "@tanstack/react-query";
import { apiAuthed } from "./api-authed";
import { cartApi } from "./api-routes/cart";
import { cartQueryKey } from "./query-keys";

/**
 * GET /api/cart: the signed-in buyer's cart, priced by the server for them (docs/SELLING-TO-BUSINESSES.md, 'Cart and
 * checkout'). The cart page and the navbar's count read the same entry, so a change on the page shows in the count at
 * once.
 */
export const cartQuery = queryOptions({
  queryKey: cartQueryKey,
  retry: false,
  queryFn: () => apiAuthed(cartApi.cart),
});
