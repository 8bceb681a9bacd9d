import { apiCall } from "./api-client";
import { signedInApi } from "./api-routes/signed-in";
import { queryClient } from "./query-client";
import { productsQueryKey, reviewsQueryKey } from "./query-keys";
import { type SessionUser, sessionQuery } from "./session";
import { expiresSoon, forgetAccessToken, storeAccessToken, storedAccessToken, tokenClaims } from "./token-store";

/** The access token for this account: the stored one while it has over a minute left, else a new one. */
export async function accessTokenFor(email: string): Promise<string> {
  const stored = storedAccessToken();
  if (stored) {
    const claims = tokenClaims(stored);
    if (claims.sub === email && !expiresSoon(claims)) return stored;
  }
  return newAccessToken(email);
}

/** The stored token, renewed first when it is about to run out; null when nobody is signed in. */
export async function freshAccessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  if (!stored) return null;
  const claims = tokenClaims(stored);
  if (!expiresSoon(claims) || !claims.sub) return stored;
  return newAccessToken(claims.sub).catch(() => stored);
}

/** A new token for whoever the stored one names (after a 401); null when the identity session is gone. */
export async function renewAccessToken(): Promise<string | null> {
  const stored = storedAccessToken();
  const email = stored ? tokenClaims(stored).sub : undefined;
  return email ? newAccessToken(email).catch(() => null) : null;
}

/** The trade on its way, per account: callers at once (the guard, the role, the preloading) share one request. */
const trading = new Map<string, Promise<string>>();

/** PUT /api/user/{email}: the identity session's cookie buys a new access token. */
function newAccessToken(email: string): Promise<string> {
  const pending = trading.get(email);
  if (pending) return pending;
  const trade = apiCall(signedInApi.token(email))
    .then(({ token }) => {
      storeAccessToken(token);
      return token;
    })
    .finally(() => trading.delete(email));
  trading.set(email, trade);
  return trade;
}

/** After a sign-in: remember who is signed in and fetch their access token. */
export async function completeSignIn(): Promise<SessionUser | null> {
  await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  const user = await queryClient.fetchQuery(sessionQuery);
  if (user) await accessTokenFor(user.email);
  return user;
}

/** Log Out: the token goes, the identity session ends, and no signed-in data stays cached. */
export async function signOut(): Promise<void> {
  // Signed-in calls already on their way (the navbar's cart, a page's data) finish first: ending the session
  // under them would turn them into 401s. Two seconds at most, so a hung call never holds the sign-out.
  const until = Date.now() + 2000;
  while (queryClient.isFetching() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  forgetAccessToken();
  // Signed out here whatever the identity provider answers: the token is gone, and so is the cache below.
  await apiCall(signedInApi.signOut, {}).catch(() => undefined);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== productsQueryKey[0] && query.queryKey[0] !== reviewsQueryKey[0],
  });
  queryClient.setQueryData(sessionQuery.queryKey, null);
}
