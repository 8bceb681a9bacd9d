import { useEffect } from "react";
import { paths } from "../config/paths";
import { signOut } from "../lib/account-session";
import { ApiError } from "../lib/api-client";
import { useLocation, useNavigate } from "../lib/router";
import { Spinner } from "./spinner";

/**
 * A refusal that ends the sign-in: a 401 that a new token did not cure (lib/api-authed.ts tries one), or a
 * 403 on a call about the caller's own data, like My Orders (docs/SPEC-CONFORMANCE.md §4).
 */
export function endsSignIn(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * The one answer to a sign-in that no longer stands: the browser signs out (token, identity session,
 * cached data) and goes to /login, from where signing in again comes back here.
 */
export function SignOutToLogin() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    void signOut().then(() => navigate(paths.login, { replace: true, state: { from: location } }));
  }, [navigate, location]);
  return <Spinner label="Signing out" />;
}
