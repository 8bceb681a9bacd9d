import { useQuery } from "@tanstack/react-query";
import CartPage from "../../features/cart/cart-page";
import { cartQuery } from "../../lib/cart-query";
import { storedAccessToken } from "../../lib/token-store";
import { RequireAuth } from "../guards";

/** /cart: a signed-in route (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'). */
export default function GuardedCartPage() {
  // With a token at hand, the cart is asked for beside the sign-in check rather than after it (docs/PERFORMANCE.md,
  // 'Signed-in pages').
  useQuery({ ...cartQuery, enabled: typeof localStorage !== "undefined" && storedAccessToken() !== null });
  return (
    <RequireAuth>
      <CartPage />
    </RequireAuth>
  );
}
