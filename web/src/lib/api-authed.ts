import { TOTAL_COUNT_HEADER } from "@forgeline/contract";
import { freshAccessToken, renewAccessToken } from "./account-session";
import { ApiError, type Page, type RequestOptions, request } from "./api-client";

/**
 * A signed-in call: the access token goes along as a bearer header (docs/SPEC-CONFORMANCE.md §6). Tokens are short
 * and end with a role change, so a 401 is answered here, once, with a new token from the identity
 * session; a refusal that remains is the caller's to show (components/sign-out-to-login.tsx when it ends
 * the sign-in). Apart from api-client.ts so that public pages do not load the token code.
 */
async function requestAuthed(path: string, options: Omit<RequestOptions, "headers"> = {}): Promise<Response> {
  const send = (token: string | null) =>
    request(path, { ...options, headers: token ? { authorization: `Bearer ${token}` } : {} });
  try {
    return await send(await freshAccessToken());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await renewAccessToken();
    if (!renewed) throw error;
    return await send(renewed);
  }
}

export async function apiAuthed<T>(path: string, options: Omit<RequestOptions, "headers"> = {}): Promise<T> {
  return (await (await requestAuthed(path, options)).json()) as T;
}

/** A signed-in list call with its own `limit`/`offset`; the total comes from the X-Total-Count header. */
export async function apiAuthedPage<T>(path: string): Promise<Page<T>> {
  const response = await requestAuthed(path);
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
}

/**
 * A signed-in download (a CSV export, an invoice) saved under `filename`. The call needs the bearer
 * token, so the file comes through fetch, not a plain link.
 */
export async function downloadAuthed(path: string, filename: string): Promise<void> {
  const file = await (await requestAuthed(path)).blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
