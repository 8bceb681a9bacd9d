import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiGet } from "./api-client";

/**
 * The signed-in state, from the identity provider's small get-session call (not its whole client, which
 * only the sign-in pages load). What changes it (sign-in, Log Out) and the access token are in
 * account-session.ts, loaded only by the pages that need them.
 */
export interface SessionUser {
  email: string;
  name: string;
}

/** Better Auth's answer: null, or the session with its user. */
type GetSessionAnswer = { user?: { email: string; name: string } } | null;

async function fetchSession(): Promise<SessionUser | null> {
  let answer: GetSessionAnswer;
  try {
    answer = await apiGet<GetSessionAnswer>("/api/auth/get-session");
  } catch (error) {
    // A refusal means nobody is signed in; an unreachable server is an error (and is tried again).
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  }
  return answer?.user ? { email: answer.user.email.toLowerCase(), name: answer.user.name } : null;
}

export const sessionQuery = queryOptions({ queryKey: ["session"], queryFn: fetchSession, staleTime: 5 * 60_000 });

export function useSession() {
  return useQuery(sessionQuery);
}
