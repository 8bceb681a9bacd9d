import { useQuery } from "@tanstack/react-query";
import { paths } from "../config/paths";
import { cartQuery } from "../lib/cart-query";
import { useIsAdmin } from "../lib/use-is-admin";
import { NavLink } from "./link";
import { navItemClass } from "./nav-item";

/** "Cart, 2 lines": what the link's count means, for a screen reader. */
export function cartLinkName(lines: number | undefined): string {
  if (lines === undefined) return "Cart";
  return `Cart, ${lines} ${lines === 1 ? "line" : "lines"}`;
}

/**
 * The navbar's "Cart (2)" for a signed-in customer (not an admin): the number of lines of their cart
 * (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout'). Loaded by the navbar only once somebody is signed in, so a
 * visitor's first visit of a public page carries none of it (nor the token code it needs); the count is the cart page's
 * own query.
 */
export default function CartLink() {
  const admin = useIsAdmin();
  const cart = useQuery({ ...cartQuery, enabled: admin.data === false });
  if (admin.data !== false) return null;
  const lines = cart.data?.lines.length;
  return (
    <li>
      <NavLink to={paths.cart} className={navItemClass} aria-label={cartLinkName(lines)}>
        Cart{lines === undefined ? "" : ` (${lines})`}
      </NavLink>
    </li>
  );
}
