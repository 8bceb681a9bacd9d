import { useQuery } from "@tanstack/react-query";

/**
 * The signed-in state, from the identity provider's small get-session call (not its whole client, which
 * only the sign-in pages load). What changes it (sign-in, Log Out) and the access token are in
 * account-session.ts, loaded only by the pages that need them.
 */
export interface SessionUser {
  email: string;
  name: string;
}

export const sessionQueryKey = ["session"] as const;

export async function fetchSession(): Promise<SessionUser | null> {
  const response = await fetch("/api/auth/get-session");
  if (!response.ok) return null;
  const body = (await response.json()) as { user?: { email: string; name: string } } | null;
  return body?.user ? { email: body.user.email.toLowerCase(), name: body.user.name } : null;
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 5 * 60_000 });
}
