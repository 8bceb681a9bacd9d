import { lazy, Suspense, useState } from "react";
import { paths } from "../config/paths";
import { useNavigate } from "../lib/router";
import { useSession } from "../lib/session";
import { useDeferredOpen } from "../lib/use-deferred-open";
import { NavLink } from "./link";
import { navItemClass } from "./nav-item";
import { NavLabel } from "./nav-label";

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
        {/* One line on a 360 px phone too, signed in (NavLabel): the items that come with the session (Cart,
            Dashboard, Log Out) never make the bar grow under the page. */}
        <ul className="flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
          <li>
            <NavLink to={paths.home} end className={navItemClass}>
              <NavLabel icon="home">Home</NavLabel>
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
                <NavLabel icon="dashboard">Dashboard</NavLabel>
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
                  <NavLabel icon="logOut">Log Out</NavLabel>
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
