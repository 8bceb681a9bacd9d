import { compileErrors, validate } from "@readme/openapi-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";

/**
 * Served under /api but not operations of the API: the reference page's own files, and the identity provider's
 * other calls, which the storefront does not make (each call it makes is a documented route of its own).
 */
const UNDOCUMENTED_ROUTES = [
  "GET /api/docs",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
  "GET /api/docs/static/*",
  "GET /api/auth/*",
  "POST /api/auth/*",
];

/** `/api/product/:id` as an OpenAPI path: `/api/product/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_openapi",
  STRIPE_PUBLISHABLE_KEY: "pk_test_openapi",
  STRIPE_WEBHOOK_SECRET: "whsec_openapi",
  STRIPE_API_URL: "http://127.0.0.1:9",
};

/** What is missing from one operation of the document, as readable lines ("" when nothing is). */
function gapsOf(route: string, operation: OpenAPIV3_1.OperationObject | undefined, tags: string[]): string[] {
  if (!operation) return [`${route}: not in the document`];
  const gaps: string[] = [];
  const statuses = Object.keys(operation.responses ?? {});
  if (!operation.summary) gaps.push(`${route}: no summary`);
  if (operation.tags?.length !== 1 || !tags.includes(operation.tags[0] ?? "")) {
    gaps.push(`${route}: not exactly one of the document's tags (${operation.tags})`);
  }
  if (!statuses.some((status) => /^[23]\d\d$/.test(status))) gaps.push(`${route}: no success answer`);
  if (!statuses.includes("500")) gaps.push(`${route}: no 500 answer`);
  const takesInput = Boolean(operation.requestBody) || (operation.parameters ?? []).length > 0;
  if (takesInput && !statuses.includes("400")) gaps.push(`${route}: takes input but has no 400 answer`);
  const signedIn = operation.security?.some((requirement) => "accessToken" in requirement);
  if (signedIn && !statuses.includes("401")) gaps.push(`${route}: needs a token but has no 401 answer`);
  for (const status of statuses) {
    const answer = operation.responses?.[status] as OpenAPIV3_1.ResponseObject;
    if (!answer.description || answer.description === "Default Response") {
      gaps.push(`${route}: the ${status} answer says nothing about what it means`);
    }
    const schema = Object.values(answer.content ?? {}).find((media) => media?.schema)?.schema;
    if (!/^(204|3\d\d)$/.test(status) && !schema) {
      gaps.push(`${route}: the ${status} answer has no schema`);
    }
  }
  return gaps;
}

describe.each([
  { provider: "the test payment provider", env: {} },
  { provider: "Stripe", env: STRIPE },
])("the OpenAPI document, with $provider", ({ env }) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let document: OpenAPIV3_1.Document;

  beforeAll(async () => {
    ctx = await createTestApp({ env });
    const response = await ctx.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    document = response.json();
  });
  afterAll(() => ctx.close());

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    // validate() resolves the $refs in place, so it gets a copy.
    const result = await validate(structuredClone(document));
    expect(result.valid ? "valid" : compileErrors(result)).toBe("valid");
    expect(result.warnings).toEqual([]);
  });

  it("describes every API route: a summary, one tag, and each answer with its meaning and schema", () => {
    const tags = (document.tags ?? []).map((tag) => tag.name);
    const routes = ctx.app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !UNDOCUMENTED_ROUTES.includes(route));
    const gaps = routes.flatMap((route) => {
      const [method, url] = route.split(" ") as [string, string];
      const operations = document.paths?.[openApiPath(url)] as Record<string, OpenAPIV3_1.OperationObject>;
      return gapsOf(route, operations?.[method.toLowerCase()], tags);
    });
    expect(gaps).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("lists no operation the server does not serve", () => {
    const served = ctx.app.apiRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((operation) => !served.includes(operation))).toEqual([]);
  });

  it("names the shared error shape and the contract's resources once, under components", () => {
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual([
      "ApiError",
      "Order",
      "Product",
      "Profile",
      "Review",
      "User",
    ]);
    const notFound = document.paths?.["/api/product/{id}"]?.get?.responses?.["404"] as OpenAPIV3_1.ResponseObject;
    expect(notFound.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/ApiError" });
  });
});

it("documents the payment provider's webhook only when Stripe takes the payments, and the test card route only without", async () => {
  for (const [env, present, absent] of [
    [STRIPE, "/api/payments/stripe/webhook", "/api/payments/test/confirm"],
    [{}, "/api/payments/test/confirm", "/api/payments/stripe/webhook"],
  ] as const) {
    const ctx = await createTestApp({ env });
    const paths = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths;
    await ctx.close();
    expect(Object.keys(paths)).toContain(present);
    expect(Object.keys(paths)).not.toContain(absent);
  }
});

describe("the API reference page", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: "GET", url });

  it("is an HTML page whose scripts and styles all come from this server, under the strict CSP", async () => {
    const page = await get("/api/docs");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(page.body).toContain('<div id="swagger-ui">');
    // Every script is a file (no inline code for the CSP to allow); every address is on this server.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="/);
    const addresses = [...page.body.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(addresses.filter((address) => !address.startsWith("/api/docs/static/"))).toEqual([]);
  });

  it("serves every file the page loads, and the document the page reads", async () => {
    const page = await get("/api/docs");
    const addresses = [...page.body.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(addresses).toEqual(
      expect.arrayContaining(["/api/docs/static/swagger-ui-bundle.js", "/api/docs/static/swagger-ui.css"]),
    );
    for (const address of addresses) {
      const file = await get(address);
      expect({ address, status: file.statusCode }).toEqual({ address, status: 200 });
    }
    // The page's own script reads the document from ./json next to it, with no validator badge from elsewhere.
    const initializer = await get("/api/docs/static/swagger-initializer.js");
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain("validatorUrl: null");
    const document = await get("/api/docs/json");
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toBe("3.1.0");
  });
});
