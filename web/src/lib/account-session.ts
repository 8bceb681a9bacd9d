import { queryClient } from "./query-client";
import { productsQueryKey, reviewsQueryKey } from "./query-keys";
import { fetchSession, type SessionUser, sessionQueryKey } from "./session";
import { storedAccessToken, TOKEN_KEY } from "./token-store";

function tokenClaims(token: string): { sub?: string; exp?: number } {
  try {
    const payload = token.split(".")[1] ?? "";
    return JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    return {};
  }
}

const hasOverAMinuteLeft = (claims: { exp?: number }) => (claims.exp ?? 0) * 1000 > Date.now() + 60_000;

/** The access token for this account: the stored one while it has over a minute left, else a new one. */
export async function accessTokenFor(email: string): Promise<string> {
  const stored = storedAccessToken();
  if (stored) {
    const claims = tokenClaims(stored);
    if (claims.sub === email && hasOverAMinuteLeft(claims)) return stored;
  }
  return newAccessToken(email);
}

/** The stored token, renewed first when it is about to run out; null when nobody is signed in. */
export async function freshAccessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (!stored) return null;
  const claims = tokenClaims(stored);
  if (hasOverAMinuteLeft(claims) || !claims.sub) return stored;
  return newAccessToken(claims.sub).catch(() => stored);
}

/** A new token for whoever the stored one names (after a 401); null when the identity session is gone. */
export async function renewAccessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  const email = stored ? tokenClaims(stored).sub : undefined;
  return email ? newAccessToken(email).catch(() => null) : null;
}

async function newAccessToken(email: string): Promise<string> {
  const response = await fetch(`/api/user/${encodeURIComponent(email)}`, { method: "PUT" });
  if (!response.ok) throw new Error("Could not get an access token for this session");
  const { token } = (await response.json()) as { token: string };
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

/** After a sign-in: remember who is signed in and fetch their access token. */
export async function completeSignIn(): Promise<SessionUser | null> {
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  const user = await queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession });
  if (user) await accessTokenFor(user.email);
  return user;
}

/** Log Out: the token goes, the identity session ends, and no signed-in data stays cached. */
export async function signOut(): Promise<void> {
  localStorage.removeItem(TOKEN_KEY);
  await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== productsQueryKey[0] && query.queryKey[0] !== reviewsQueryKey[0],
  });
  queryClient.setQueryData(sessionQueryKey, null);
}
