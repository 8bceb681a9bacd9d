import type { ApiErrorBody, FieldError } from "@forgeline/contract";

/** A refused or failed API call, with the server's message and, for a 400, the rejected fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
  }

  messageFor(field: string): string | undefined {
    return this.fieldErrors.find((error) => error.field === field)?.message;
  }
}

export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch {
    throw new ApiError(0, "We could not reach the store. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`, body?.errors ?? []);
  }
  return response;
}

export async function apiGet<T>(path: string): Promise<T> {
  return (await request(path)).json() as Promise<T>;
}

export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return (await request(path, { method: "POST", body: JSON.stringify(body) })).json() as Promise<T>;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A list call with `limit`/`offset`; the total comes from the X-Total-Count header. */
export async function apiGetPage<T>(path: string, page: { limit: number; offset: number }): Promise<Page<T>> {
  const response = await request(`${path}?limit=${page.limit}&offset=${page.offset}`);
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get("x-total-count") ?? items.length) };
}
