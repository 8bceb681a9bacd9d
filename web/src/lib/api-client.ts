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

export interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The one fetch wrapper: every call to our server goes through it (the signed-in ones through
 * api-authed.ts, which adds the token), so each answers in the same way: the response when it is a 2xx,
 * else an ApiError with the server's message, status 0 when the server could not be reached.
 */
export async function request(
  path: string,
  { method = "GET", body, headers = {} }: RequestOptions = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
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

export async function apiGet<T>(path: string): Promise<T> {
  return (await request(path)).json() as Promise<T>;
}

export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return (await request(path, { method: "POST", body })).json() as Promise<T>;
}

/** One page of a list and the length of the whole list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A list call with `limit`/`offset` (and whatever else the list reads, given as search parameters); the
 * total comes from the X-Total-Count header.
 */
export async function apiGetPage<T>(path: string, query: PageQuery | URLSearchParams): Promise<Page<T>> {
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  const response = await request(`${path}?${params}`);
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
}
