import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SignOutToLogin } from "../components/sign-out-to-login";
import { Spinner } from "../components/spinner";
import { paths } from "../config/paths";
import { accessTokenFor } from "../lib/account-session";
import { Navigate, useLocation } from "../lib/router";
import { useSession } from "../lib/session";
import { useDeferredOpen } from "../lib/use-deferred-open";
import { useIsAdmin } from "../lib/use-is-admin";

/**
 * Signed-in routes: a spinner while the sign-in state is unknown; a signed-out visitor goes to /login
 * and comes back here afterwards (the origin travels in the navigation state).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const email = session.data?.email;
  const token = useQuery({
    queryKey: ["accessToken", email],
    enabled: Boolean(email),
    retry: false,
    staleTime: 10 * 60_000,
    queryFn: () => accessTokenFor(email ?? ""),
  });
  const signedIn = useDeferredOpen(Boolean(email) && token.isSuccess);
  if (signedIn) return <>{children}</>;
  if (!session.isPending && (!email || token.isError)) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return <Spinner label="Checking your sign-in" />;
}

/** Admin routes: anyone else is signed out and sent to /login (docs/SPEC-CONFORMANCE.md §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const admin = useIsAdmin();
  const allowed = useDeferredOpen(admin.data === true);
  if (allowed) return <>{children}</>;
  if (admin.isPending || admin.data === true) return <Spinner label="Checking your access" />;
  return <SignOutToLogin />;
}
