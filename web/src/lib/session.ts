import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiCall } from "./api-client";
import { publicApi, type SessionAnswer } from "./api-routes/public";

/**
 * The signed-in state, from the identity provider's small get-session call (not its whole client, which
 * only the sign-in pages load). What changes it (sign-in, Log Out) and the access token are in
 * account-session.ts, loaded only by the pages that need them.
 */
export interface SessionUser {
  email: string;
  name: string;
  /** Whether the account is an admin, when the answer says (the server adds the role to it). */
  admin?: boolean;
  /** False once the server says the owner of the address has not opened the confirmation link yet. */
  confirmed: boolean;
}

async function fetchSession(): Promise<SessionUser | null> {
  let answer: SessionAnswer;
  try {
    answer = await apiCall(publicApi.session);
  } catch (error) {
    // A refusal means nobody is signed in; an unreachable server is an error (and is tried again).
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  }
  if (!answer?.user) return null;
  const user: SessionUser = {
    email: answer.user.email.toLowerCase(),
    name: answer.user.name,
    confirmed: answer.user.emailVerified !== false,
  };
  if (answer.user.role !== undefined) user.admin = answer.user.role === "admin";
  return user;
}

export const sessionQuery = queryOptions({ queryKey: ["session"], queryFn: fetchSession, staleTime: 5 * 60_000 });

export function useSession() {
  return useQuery(sessionQuery);
}
