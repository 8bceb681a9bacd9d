import { freshAccessToken, renewAccessToken } from "./account-session";
import { ApiError, request } from "./api-client";

/**
 * A protected call: the access token goes along as a bearer header (SPEC.md point 6). Tokens are short
 * and end with a role change, so a 401 is answered once with a new token from the identity session.
 */
export async function apiAuthed<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const send = (token: string | null) =>
    request(path, {
      method: init.method ?? "GET",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  try {
    return (await (await send(await freshAccessToken())).json()) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await renewAccessToken();
    if (!renewed) throw error;
    return (await (await send(renewed)).json()) as T;
  }
}
