import { type ApiErrorBody, type FieldError, type PageQuery, TOTAL_COUNT_HEADER } from "@forgeline/contract";

/**
 * A refused or failed API call, with the server's message and, for a 400, the rejected fields; `body` is the
 * whole answer, for refusals that carry more (a checkout's 409 brings the cart as it is priced now).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly body: unknown = null,
  ) {
    super(message);
  }

  messageFor(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

declare const answerType: unique symbol;
declare const bodyType: unique symbol;

/**
 * A call to our server as "METHOD /api/path?query", carrying (as types only, so it costs no bytes) the answer
 * it gives and the body it takes. Every one is written in lib/api-routes/; `npm run lint` refuses an API
 * path anywhere else in the web's code.
 */
export type Route<Answer, Body = undefined> = string & {
  readonly [answerType]?: Answer;
  readonly [bodyType]?: Body;
};

/** The body argument a route asks for: none, an optional one, or a required one. */
export type BodyOf<Body> = [Body] extends [undefined] ? [] : undefined extends Body ? [body?: Body] : [body: Body];

/** What a request sends: the content type and the body's text. */
export type Sent = [contentType: string, body: string];

/** A body as JSON; nothing for none. */
export function asJson(body: unknown): Sent | undefined {
  return body === undefined ? undefined : ["application/json", JSON.stringify(body)];
}

/**
 * The one fetch wrapper: every call to our server goes through it (the signed-in ones through
 * api-authed.ts, which adds the token), so each answers in the same way: the response when it is a 2xx,
 * else an ApiError with the server's message, status 0 when the server could not be reached.
 */
export async function request(
  route: Route<unknown, unknown>,
  sent?: Sent,
  headers: Record<string, string> = {},
): Promise<Response> {
  const space = route.indexOf(" ");
  let response: Response;
  try {
    response = await fetch(route.slice(space + 1), {
      method: route.slice(0, space),
      headers: sent ? { "content-type": sent[0], ...headers } : headers,
      body: sent?.[1],
    });
  } catch {
    throw new ApiError(0, "We could not reach the store. Check your connection and try again.");
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      error?.message ?? `Request failed (${response.status})`,
      error?.errors ?? [],
      error,
    );
  }
  return response;
}

/** A call anyone may make (no token): the answer as the route says. */
export async function apiCall<Answer, Body>(route: Route<Answer, Body>, ...[body]: BodyOf<Body>): Promise<Answer> {
  return (await request(route, asJson(body))).json() as Promise<Answer>;
}

/** One page of a list and the length of the whole list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** A list's page out of its response: the total comes from the X-Total-Count header. */
export async function pageOf<T>(response: Response): Promise<Page<T>> {
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
}

/**
 * A list call with `limit`/`offset` (and whatever else the list reads, given as search parameters); the
 * total comes from the X-Total-Count header.
 */
export async function apiGetPage<T>(route: Route<T[]>, query: PageQuery | URLSearchParams): Promise<Page<T>> {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  return pageOf<T>(await request(`${route}?${params}` as Route<T[]>));
}
