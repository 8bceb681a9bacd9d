import type { Product } from "@forgeline/contract";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, ORIGIN, sessionCookie, uniqueEmail } from "../test/accounts.js";
import { type Exchange, openApiConformance } from "../test/openapi-conformance.js";
import { createTestApp } from "../test/test-app.js";

type Call = Omit<Exchange, "response">;

/**
 * The OpenAPI document read as a validating proxy (Stoplight Prism) reads it: valid against the OpenAPI 3.1
 * schema, every path routable, and real calls of the storefront (as the web makes them) routed to a path and
 * method of the document, their bodies, parameters and answers as it describes them.
 */
describe("the OpenAPI document as a validating proxy reads it", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let document: OpenAPIV3_1.Document;
  /** The calls made, with their answers, in order. */
  const exchanges: Exchange[] = [];
  const email = uniqueEmail("openapi");
  let orderId: string;

  async function exchange(call: Call): Promise<Exchange["response"]> {
    const response = await ctx.app.inject({
      method: call.method as "GET",
      url: call.url,
      headers: call.headers,
      ...(call.payload !== undefined && { payload: call.payload }),
    });
    const answer = { statusCode: response.statusCode, headers: response.headers, body: response.body };
    exchanges.push({ ...call, response: answer });
    return answer;
  }

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    document = (await ctx.app.inject({ method: "GET", url: "/api/openapi.json" })).json();

    // A shopper's visit: the catalogue, signing up, an order, a CSV file into the cart, signing out and in.
    const [product] = JSON.parse((await exchange({ method: "GET", url: "/api/product?limit=2" })).body) as Product[];
    if (!product) throw new Error("no seeded product");
    await exchange({ method: "GET", url: "/api/auth/get-session" });
    const password = "correct-horse-1";
    const json = { ...ORIGIN, "content-type": "application/json" };
    await exchange({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: json,
      payload: { email, name: "Ann" },
      refusedAsSent: true,
    });
    const signedUp = await exchange({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: json,
      payload: { email, password, name: "Ann Example", callbackURL: "/" },
    });
    const cookie = sessionCookie(signedUp.headers["set-cookie"] as string[]);
    await exchange({ method: "GET", url: "/api/auth/get-session", headers: { cookie } });
    const { token } = JSON.parse(
      (await exchange({ method: "PUT", url: `/api/user/${email}`, headers: { cookie } })).body,
    );
    const order = { orderId: product._id, quantity: 100, phone: "5550100000", address: "1 Road" };
    await exchange({ method: "POST", url: "/api/ordering", headers: json, payload: order });
    const placed = await exchange({
      method: "POST",
      url: "/api/ordering",
      headers: { ...json, ...bearer(token) },
      payload: order,
    });
    orderId = JSON.parse(placed.body).insertedId;
    await exchange({ method: "GET", url: `/api/ordering/${orderId}`, headers: bearer(token) });
    await exchange({
      method: "POST",
      url: "/api/cart/import",
      headers: { ...bearer(token), "content-type": "text/csv" },
      payload: `sku,quantity\n${product.sku},100\nNO-SUCH-SKU,5\n`,
    });
    await exchange({
      method: "POST",
      url: "/api/cart/import",
      headers: { ...json, ...bearer(token) },
      payload: { text: `${product.sku};100` },
    });
    await exchange({ method: "GET", url: "/api/product/00000000-0000-4000-8000-000000000000" });
    await exchange({ method: "POST", url: "/api/auth/sign-out", headers: { ...json, cookie }, payload: {} });
    await exchange({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: json,
      payload: { email, password: "not-the-password" },
    });
    await exchange({ method: "POST", url: "/api/auth/sign-in/email", headers: json, payload: { email, password } });
    await exchange({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: json,
      payload: { email, redirectTo: "/resetpassword" },
    });
    await exchange({ method: "GET", url: "/api/auth/verify-email?token=not-a-token&callbackURL=/" });
    await exchange({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers: json,
      payload: { email, callbackURL: "/" },
    });
    await exchange({ method: "GET", url: "/api/auth/reset-password/not-a-token?callbackURL=/resetpassword" });
    await exchange({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: json,
      payload: { newPassword: "another-horse-2", token: "not-a-token" },
    });
  });
  afterAll(() => ctx.close());

  it("is valid against the OpenAPI 3.1 schema, and names every path parameter its operations declare", async () => {
    const conformance = await openApiConformance(document);
    expect(conformance.schemaErrors).toBe("");
    expect(conformance.unroutablePaths()).toEqual([]);
  });

  it("routes and describes each call the storefront made, its inputs and its answer", async () => {
    const conformance = await openApiConformance(document);
    expect(exchanges.map((done) => `${done.method} ${done.url.split("?")[0]} ${done.response.statusCode}`)).toEqual([
      "GET /api/product 200",
      "GET /api/auth/get-session 200",
      "POST /api/auth/sign-up/email 400",
      "POST /api/auth/sign-up/email 200",
      "GET /api/auth/get-session 200",
      `PUT /api/user/${email} 200`,
      "POST /api/ordering 401",
      "POST /api/ordering 201",
      `GET /api/ordering/${orderId} 200`,
      "POST /api/cart/import 200",
      "POST /api/cart/import 200",
      "GET /api/product/00000000-0000-4000-8000-000000000000 404",
      "POST /api/auth/sign-out 200",
      "POST /api/auth/sign-in/email 401",
      "POST /api/auth/sign-in/email 200",
      "POST /api/auth/request-password-reset 200",
      "GET /api/auth/verify-email 302",
      "POST /api/auth/send-verification-email 200",
      "GET /api/auth/reset-password/not-a-token 302",
      "POST /api/auth/reset-password 400",
    ]);
    expect(exchanges.flatMap(conformance.gaps)).toEqual([]);
  });

  it("would fail on the defects a validating proxy found: a wildcard identity path, a CSV body documented as JSON", async () => {
    const paths = document.paths ?? {};
    const identity = Object.keys(paths).filter((path) => path.startsWith("/api/auth/"));
    const withWildcard = Object.fromEntries(Object.entries(paths).filter(([path]) => !identity.includes(path)));
    withWildcard["/api/auth/{*}"] = {
      post: {
        parameters: [{ in: "path", name: "*", required: true, schema: { type: "string" } }],
        responses: { 200: { description: "The identity provider's answer." } },
      },
    };
    const wildcard = await openApiConformance({ ...document, paths: withWildcard });
    expect(wildcard.unroutablePaths()).toEqual(["/api/auth/{*}: {*} is not a parameter's name"]);
    const signIn = exchanges.find((done) => done.url === "/api/auth/sign-in/email") as Exchange;
    expect(wildcard.gaps(signIn)).toEqual([
      "POST /api/auth/sign-in/email (401): no path and method of the document matches",
    ]);

    const csvAsJson = structuredClone(document);
    const csvImport = csvAsJson.paths?.["/api/cart/import"]?.post as OpenAPIV3_1.OperationObject;
    const { content } = csvImport.requestBody as OpenAPIV3_1.RequestBodyObject;
    content["text/csv"] = structuredClone(content["application/json"]) as OpenAPIV3_1.MediaTypeObject;
    const csvFile = exchanges.find((done) => done.headers?.["content-type"] === "text/csv") as Exchange;
    expect((await openApiConformance(csvAsJson)).gaps(csvFile)).toEqual([
      "POST /api/cart/import (200) as POST /api/cart/import: the text/csv body: (root) must be object",
    ]);
  });

  it("names what does not match: an answer the document does not list, an answer unlike its schema", async () => {
    const changed = structuredClone(document);
    const productById = changed.paths?.["/api/product/{id}"]?.get as OpenAPIV3_1.OperationObject;
    delete productById.responses?.["404"];
    const signUp = changed.paths?.["/api/auth/sign-up/email"]?.post as OpenAPIV3_1.OperationObject;
    const signedUp = signUp.responses?.["200"] as OpenAPIV3_1.ResponseObject;
    const answer = signedUp.content?.["application/json"]?.schema as OpenAPIV3_1.SchemaObject;
    answer.properties = { ...answer.properties, token: { type: "number" } };
    const conformance = await openApiConformance(changed);
    const made = (url: string, status: number) =>
      exchanges.find((done) => done.url === url && done.response.statusCode === status) as Exchange;
    expect(conformance.gaps(made("/api/product/00000000-0000-4000-8000-000000000000", 404))).toEqual([
      "GET /api/product/00000000-0000-4000-8000-000000000000 (404) as GET /api/product/{id}: answered 404, which the document does not list",
    ]);
    expect(conformance.gaps(made("/api/auth/sign-up/email", 200))).toEqual([
      "POST /api/auth/sign-up/email (200) as POST /api/auth/sign-up/email: the 200 answer: /token must be number",
    ]);
  });

  it("documents sign-in with Google, and its way back, only when Google is configured", async () => {
    const googlePaths = ["/api/auth/sign-in/social", "/api/auth/callback/google"];
    expect(googlePaths.filter((path) => path in (document.paths ?? {}))).toEqual([]);
    const withGoogle = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: "openapi-client",
        GOOGLE_CLIENT_SECRET: "openapi-secret",
        GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9/.well-known/openid-configuration",
      },
    });
    const googleDocument = (await withGoogle.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    await withGoogle.close();
    const conformance = await openApiConformance(googleDocument);
    expect(conformance.schemaErrors).toBe("");
    expect(conformance.unroutablePaths()).toEqual([]);
    expect(googlePaths.filter((path) => path in googleDocument.paths)).toEqual(googlePaths);
  }, 120_000); // a second app: slow to start on a loaded machine
});
