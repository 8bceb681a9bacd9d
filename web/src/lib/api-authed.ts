import { freshAccessToken, renewAccessToken } from "./account-session";
import { ApiError, type RequestOptions, request } from "./api-client";

/**
 * A signed-in call: the access token goes along as a bearer header (docs/SPEC-CONFORMANCE.md §6). Tokens are short
 * and end with a role change, so a 401 is answered here, once, with a new token from the identity
 * session; a refusal that remains is the caller's to show (components/sign-out-to-login.tsx when it ends
 * the sign-in). Apart from api-client.ts so that public pages do not load the token code.
 */
export async function apiAuthed<T>(path: string, options: Omit<RequestOptions, "headers"> = {}): Promise<T> {
  const send = async (token: string | null) => {
    const response = await request(path, { ...options, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return (await response.json()) as T;
  };
  try {
    return await send(await freshAccessToken());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await renewAccessToken();
    if (!renewed) throw error;
    return await send(renewed);
  }
}
