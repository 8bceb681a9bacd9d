/** The API's access token, kept in localStorage as `accessToken` (docs/SPEC-CONFORMANCE.md §6). */
const TOKEN_KEY = "accessToken";

export function storedAccessToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeAccessToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function forgetAccessToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
}

/**
 * The role last seen for the signed-in account, as `email role`: the dashboard's first page (which depends
 * on it) starts with the session rather than after it (app/signed-in-preload.ts); the session settles it.
 */
const ROLE_KEY = "lastRole";

export function rememberRole(email: string, admin: boolean): void {
  localStorage.setItem(ROLE_KEY, `${email} ${admin ? "admin" : "customer"}`);
}

export function rememberedRole(email: string): boolean | undefined {
  const [who, role] = (localStorage.getItem(ROLE_KEY) ?? "").split(" ");
  return who === email && role ? role === "admin" : undefined;
}

/** Who a token names and when it runs out (seconds since 1970). */
export interface TokenClaims {
  sub?: string;
  exp?: number;
}

/**
 * The claims a token carries, read without checking its signature (the server checks; here they only time
 * renewals).
 */
export function tokenClaims(token: string): TokenClaims {
  try {
    const payload = token.split(".")[1] ?? "";
    return JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    return {};
  }
}

/** A token is renewed when it has a minute or less left, so that none runs out between sending and checking. */
export function expiresSoon(claims: TokenClaims, now: number = Date.now()): boolean {
  return (claims.exp ?? 0) * 1000 <= now + 60_000;
}
