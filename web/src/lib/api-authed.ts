import { freshAccessToken, renewAccessToken } from "./account-session";
import { ApiError, asJson, type BodyOf, type Page, pageOf, type Route, request, type Sent } from "./api-client";

/**
 * A signed-in call: the access token goes along as a bearer header (docs/SPEC-CONFORMANCE.md §6). Tokens are short
 * and end with a role change, so a 401 is answered here, once, with a new token from the identity
 * session; a refusal that remains is the caller's to show (components/sign-out-to-login.tsx when it ends
 * the sign-in). Apart from api-client.ts so that public pages do not load the token code. `sent` is the body
 * as it goes: JSON (apiAuthed), or a file's text with its type (the price list's CSV).
 */
export async function requestAuthed(
  route: Route<unknown, unknown>,
  sent?: Sent,
  headers: Record<string, string> = {},
): Promise<Response> {
  const send = (token: string | null) =>
    request(route, sent, token ? { ...headers, authorization: `Bearer ${token}` } : headers);
  try {
    return await send(await freshAccessToken());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const renewed = await renewAccessToken();
    if (!renewed) throw error;
    return await send(renewed);
  }
}

export async function apiAuthed<Answer, Body>(route: Route<Answer, Body>, ...[body]: BodyOf<Body>): Promise<Answer> {
  return (await (await requestAuthed(route, asJson(body))).json()) as Answer;
}

/** No answer from our server: the network failed, or the balancer found no instance to answer (502-504). */
const unanswered = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || (error.status >= 502 && error.status <= 504));

/**
 * A submit that creates or moves money (an order, a checkout, a quote accepted, a payment): sent with a new
 * Idempotency-Key, and, when no answer came back, once more with the same key, so the server does it once
 * and answers the retry with what it did (docs/decisions/042-idempotency-keys.md).
 */
export async function apiAuthedOnce<Answer, Body>(
  route: Route<Answer, Body>,
  ...[body]: BodyOf<Body>
): Promise<Answer> {
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0"));
  const headers = { "idempotency-key": key.join("") };
  const sent = asJson(body);
  try {
    return (await (await requestAuthed(route, sent, headers)).json()) as Answer;
  } catch (error) {
    if (!unanswered(error)) throw error;
    return (await (await requestAuthed(route, sent, headers)).json()) as Answer;
  }
}

/** A signed-in list call with its own `limit`/`offset`; the total comes from the X-Total-Count header. */
export async function apiAuthedPage<T>(route: Route<T[]>): Promise<Page<T>> {
  return pageOf<T>(await requestAuthed(route));
}

/**
 * A signed-in download (a CSV export, an invoice) saved under `filename`. The call needs the bearer
 * token, so the file comes through fetch, not a plain link.
 */
export async function downloadAuthed(route: Route<Blob>, filename: string): Promise<void> {
  const file = await (await requestAuthed(route)).blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
