import { useQuery } from "@tanstack/react-query";
import { cartQuery } from "../../../lib/cart-query";

/** GET /api/cart: the buyer's cart, priced by the server (lib/cart-query.ts, shared with the navbar's count). */
export function useCart() {
  return useQuery(cartQuery);
}
