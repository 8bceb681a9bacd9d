import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "./lib/router";

/** A request the page sent, as the server would see it. */
export interface SentRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/**
 * Stands in for the shop's server at the network's edge (fetch): each "METHOD /path?query" answers as
 * given, anything else is a 404; every request is recorded in the order it was sent.
 */
export function serveApi(routes: Record<string, Answer | ((request: SentRequest) => Answer)>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const request: SentRequest = {
      method: init.method ?? "GET",
      path,
      authorization: headers.get("authorization"),
      body: typeof init.body === "string" ? jsonOrText(init.body) : undefined,
    };
    sent.push(request);
    const route = routes[`${request.method} ${path}`];
    const answer =
      typeof route === "function" ? route(request) : (route ?? { status: 404, body: { message: "Not Found" } });
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  return sent;
}

/** A body as the server reads it: JSON, or the text itself (a CSV file). */
function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The address the app is at, shown for the test to read. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

/**
 * Renders a page at an address with a fresh query cache (pre-filled with `cached`, as a server-rendered
 * page or an earlier visit would have it), inside a router whose current address the test can read.
 */
export function renderPage(
  page: ReactNode,
  { at = "/", path = "*", cached = [] }: { at?: string; path?: string; cached?: [readonly unknown[], unknown][] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of cached) queryClient.setQueryData(key, data);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** A signed JWT's shape with these claims (the browser never checks the signature). */
export function tokenWith(claims: { sub?: string; exp?: number }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
  return `${encode({ alg: "HS256" })}.${encode(claims)}.signature`;
}

/** Where the app is now, path and query. */
export function currentAddress(): string | null {
  return screen.getByRole("status", { name: "Address" }).textContent;
}
