import { useQuery } from "@tanstack/react-query";
import CartPage from "../../features/cart/cart-page";
import { cartQuery } from "../../lib/cart-query";
import { storedAccessToken } from "../../lib/token-store";
import { RequireAuth } from "../guards";

/** /cart: a signed-in route (DESIGN.md 10.3). */
export default function GuardedCartPage() {
  // With a token at hand, the cart is asked for beside the sign-in check rather than after it (DESIGN.md 7).
  useQuery({ ...cartQuery, enabled: typeof localStorage !== "undefined" && storedAccessToken() !== null });
  return (
    <RequireAuth>
      <CartPage />
    </RequireAuth>
  );
}
