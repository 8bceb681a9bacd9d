/** The API's access token, kept in localStorage as `accessToken` (SPEC.md point 6). */
export const TOKEN_KEY = "accessToken";

export function storedAccessToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}
