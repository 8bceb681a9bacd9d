import { request } from "./api-client";
import { storedAccessToken } from "./token-store";

/** A protected call: the access token goes along as a bearer header (SPEC.md point 6). */
export async function apiAuthed<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = storedAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await request(path, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json() as Promise<T>;
}
