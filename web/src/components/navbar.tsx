import { useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { paths } from "../config/paths";
import { signOut, useSession } from "../lib/session";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? "menu-active" : "");

export function Navbar() {
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const signedIn = Boolean(session.data);

  // Home first: a guarded page left behind would otherwise send the signed-out visitor to /login.
  async function logOut() {
    setLeaving(true);
    navigate(paths.home);
    await signOut();
    setLeaving(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-6">
        <NavLink to={paths.home} className="flex-1 px-2 text-xl font-bold tracking-tight">
          <span className="text-primary">Forge</span>line
        </NavLink>
        <ul className="menu menu-horizontal menu-sm gap-0.5 p-0 sm:menu-md sm:gap-1">
          <li>
            <NavLink to={paths.home} end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.blogs} className={linkClass}>
              Blogs
            </NavLink>
          </li>
          {signedIn && (
            <li>
              <NavLink to={paths.dashboard} className={linkClass}>
                Dashboard
              </NavLink>
            </li>
          )}
          {!session.isPending && (
            <li>
              {signedIn ? (
                <button type="button" onClick={logOut} disabled={leaving}>
                  Log Out
                </button>
              ) : (
                <NavLink to={paths.login} className={linkClass}>
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
