import { useQuery } from "@tanstack/react-query";
import { paths } from "../config/paths";
import { apiAuthed } from "../lib/api-authed";
import { cartApi } from "../lib/api-routes/cart";
import { cartQuery } from "../lib/cart-query";
import { usePageLive } from "../lib/page-live";
import { contractPricesQueryKey } from "../lib/query-keys";
import { useIsAdmin } from "../lib/use-is-admin";
import { NavLink } from "./link";
import { navItemClass } from "./nav-item";
import { NavLabel } from "./nav-label";

/** "Cart, 2 lines": what the link's count means, for a screen reader. */
export function cartLinkName(lines: number | undefined): string {
  if (lines === undefined) return "Cart";
  return `Cart, ${lines} ${lines === 1 ? "line" : "lines"}`;
}

/**
 * The navbar's "Quick Order" and "Cart (2)" for a signed-in customer (not an admin): the buyer's two ways in, and the
 * number of lines of their cart
 * (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'). Loaded by the navbar only once somebody is signed in, so a
 * visitor's first visit of a public page carries none of it (nor the token code it needs); the count is the cart page's
 * own query.
 */
export default function CartLink() {
  const admin = useIsAdmin();
  const buyer = admin.data === false;
  const cart = useQuery({ ...cartQuery, enabled: buyer });
  // Here, once, for every tool on the page: the catalogue shows a member the contract price beside the list price.
  // Only once the page is live: a server-rendered tool must first render in the browser what the server rendered for
  // nobody; contract prices cached before the page's code came would change its text while it hydrates, a mismatch
  // React answers by throwing the page's markup away.
  const live = usePageLive();
  useQuery({
    queryKey: contractPricesQueryKey,
    queryFn: () => apiAuthed(cartApi.contractPrices),
    enabled: buyer && live,
    staleTime: 60_000,
  });
  if (!buyer) return null;
  const lines = cart.data?.lines.length;
  return (
    <>
      {/* Not on a phone, where the bar has no room left: there it is the dashboard menu's first way to buy. */}
      <li className="max-sm:hidden">
        <NavLink to={paths.quickOrder} className={navItemClass}>
          Quick Order
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.cart} className={navItemClass} aria-label={cartLinkName(lines)}>
          <NavLabel icon="cart">Cart</NavLabel>
          {lines === undefined ? "" : ` (${lines})`}
        </NavLink>
      </li>
    </>
  );
}
