import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../config/paths";
import { useSession } from "../lib/session";
import { useDeferredOpen } from "../lib/use-deferred-open";
import { NavLink } from "./link";
import { navItemClass } from "./nav-item";

// Loaded once somebody is signed in: a visitor's first visit carries neither it nor the token code it needs.
const CartLink = lazy(() => import("./cart-link"));

export function Navbar() {
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const signedIn = Boolean(session.data);
  // Gone while logging out: its queries, asked again on the way home, would go without a token (401). Its boundary is
  // always there, so its code coming in shows no fallback of its own (useDeferredOpen says why that matters).
  const cartLink = useDeferredOpen(signedIn && !leaving);
  // On a signed-in page the items take a row of their own on a narrow screen from the first paint, so the
  // signed-in items (Cart, Dashboard, Log Out) that come with the session do not make the bar grow under the
  // page (a layout shift): the bar would wrap only once they came.
  const { pathname } = useLocation();
  const ownRow = pathname === paths.cart || pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);

  // Home first: a guarded page left behind would otherwise send the signed-out visitor to /login.
  async function logOut() {
    setLeaving(true);
    navigate(paths.home);
    // Loaded on use: the code that signs in and out is not needed to show a page.
    const { signOut } = await import("../lib/account-session");
    await signOut();
    setLeaving(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl flex-wrap gap-1 px-2 sm:px-6">
        <NavLink to={paths.home} className="flex-1 px-2 text-xl font-bold tracking-tight">
          <span className="text-primary">Forge</span>line
        </NavLink>
        <ul className={`flex flex-wrap items-center justify-end gap-0.5 sm:gap-1 ${ownRow ? "max-sm:basis-full" : ""}`}>
          <li>
            <NavLink to={paths.home} end className={navItemClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blogs} className={navItemClass}>
              Blogs
            </NavLink>
          </li>
          <Suspense fallback={null}>{cartLink && <CartLink />}</Suspense>
          {signedIn && (
            <li>
              <NavLink to={paths.dashboard} className={navItemClass}>
                Dashboard
              </NavLink>
            </li>
          )}
          {!session.isPending && (
            <li>
              {signedIn ? (
                <button
                  type="button"
                  className={`${navItemClass({ isActive: false })} cursor-pointer`}
                  onClick={logOut}
                  disabled={leaving}
                >
                  Log Out
                </button>
              ) : (
                <NavLink to={paths.login} className={navItemClass}>
                  Login
                </NavLink>
              )}
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
