import { describe, expect, it, vi } from "vitest";
import { serveApi, tokenWith } from "../test-utils";
import { apiAuthed, apiAuthedOnce, requestAuthed } from "./api-authed";
import { ApiError, type Route } from "./api-client";
import { accountApi } from "./api-routes/account";
import { adminApi } from "./api-routes/admin";

const EMAIL = "ana@example.com";
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const current = tokenWith({ sub: EMAIL, exp: inAnHour() });
const renewed = tokenWith({ sub: EMAIL, exp: inAnHour() + 1 });
const renewal = `PUT /api/user/${encodeURIComponent(EMAIL)}`;

describe("a signed-in call", () => {
  it("sends the stored token as a bearer header", async () => {
    localStorage.setItem("accessToken", current);
    const sent = serveApi({ "GET /api/profile": { body: [] } });
    expect(await apiAuthed(accountApi.profile)).toEqual([]);
    expect(sent).toEqual([
      { method: "GET", path: "/api/profile", authorization: `Bearer ${current}`, body: undefined },
    ]);
  });

  it("renews a token with a minute or less left before sending it", async () => {
    localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 30 }));
    const sent = serveApi({ [renewal]: { body: { token: renewed } }, "GET /api/profile": { body: [] } });
    await apiAuthed(accountApi.profile);
    expect(sent.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      `${renewal} null`,
      `GET /api/profile Bearer ${renewed}`,
    ]);
    expect(localStorage.getItem("accessToken")).toBe(renewed);
  });

  it("answers a 401 once with a new token from the identity session, and sends the call again", async () => {
    localStorage.setItem("accessToken", current);
    const sent = serveApi({
      [renewal]: { body: { token: renewed } },
      "POST /api/review": (request) =>
        request.authorization === `Bearer ${renewed}`
          ? { status: 201, body: { insertedId: "r1" } }
          : { status: 401, body: { message: "Your sign-in has expired" } },
    });
    expect(await apiAuthed("POST /api/review" as Route<unknown, { rating: number }>, { rating: 5 })).toEqual({
      insertedId: "r1",
    });
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /api/review",
      renewal,
      "POST /api/review",
    ]);
    expect(sent[2]?.body).toEqual({ rating: 5 });
  });

  it("gives up with the 401 when the identity session has ended too", async () => {
    localStorage.setItem("accessToken", current);
    const sent = serveApi({
      [renewal]: { status: 401, body: { message: "No session" } },
      "GET /api/profile": { status: 401, body: { message: "Your sign-in has expired" } },
    });
    const error = await apiAuthed(accountApi.profile).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe("Your sign-in has expired");
    expect(sent).toHaveLength(2);
  });

  it("does not renew on a 403: the token is good, the right is missing", async () => {
    localStorage.setItem("accessToken", current);
    const sent = serveApi({ "GET /api/user?limit=100": { status: 403, body: { message: "Admin Access Only" } } });
    const error = await apiAuthed(adminApi.users).catch((failure: unknown) => failure);
    expect((error as ApiError).status).toBe(403);
    expect(sent).toHaveLength(1);
  });

  it("goes without a header when nobody is signed in", async () => {
    const sent = serveApi({ "GET /api/profile": { status: 401, body: { message: "Sign in first" } } });
    await expect(apiAuthed(accountApi.profile)).rejects.toThrow("Sign in first");
    expect(sent).toEqual([{ method: "GET", path: "/api/profile", authorization: null, body: undefined }]);
  });

  it("sends a text body as it is, with its own content type", async () => {
    const sent = serveApi({ "PUT /api/upload.csv": { body: [] } });
    await requestAuthed("PUT /api/upload.csv" as Route<unknown>, ["text/csv", "sku,unitPrice\nA-1,2.50"]);
    expect(sent).toEqual([
      { method: "PUT", path: "/api/upload.csv", authorization: null, body: "sku,unitPrice\nA-1,2.50" },
    ]);
  });
});

describe("a submit that creates or moves money", () => {
  /** What each attempt sent as its key; `answers` are played in turn, an Error as a network failure. */
  function serveAttempts(answers: (Response | Error)[]): (string | null)[] {
    const keys: (string | null)[] = [];
    vi.stubGlobal("fetch", async (_path: string, init: RequestInit = {}) => {
      keys.push(new Headers(init.headers).get("idempotency-key"));
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new Error("no answer");
      return answer;
    });
    return keys;
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const placeOrder = "POST /api/ordering" as Route<{ insertedId: string }, { quantity: number }>;

  it("sends a new key with each submit", async () => {
    localStorage.setItem("accessToken", current);
    const keys = serveAttempts([json(201, { insertedId: "a" }), json(201, { insertedId: "b" })]);
    await apiAuthedOnce(placeOrder, { quantity: 100 });
    await apiAuthedOnce(placeOrder, { quantity: 100 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("sends it again with the same key once when no answer came, and takes the answer to the retry", async () => {
    localStorage.setItem("accessToken", current);
    for (const lost of [new TypeError("Failed to fetch"), new Response("<html>502</html>", { status: 502 })]) {
      const keys = serveAttempts([lost, json(201, { insertedId: "o1" })]);
      expect(await apiAuthedOnce(placeOrder, { quantity: 100 })).toEqual({ insertedId: "o1" });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    }
  });

  it("does not send a refused submit again, nor retry more than once", async () => {
    localStorage.setItem("accessToken", current);
    const refusedKeys = serveAttempts([json(409, { message: "Out of stock" })]);
    await expect(apiAuthedOnce(placeOrder, { quantity: 100 })).rejects.toMatchObject({ status: 409 });
    expect(refusedKeys).toHaveLength(1);
    const lostKeys = serveAttempts([new TypeError("Failed to fetch"), new TypeError("Failed to fetch")]);
    await expect(apiAuthedOnce(placeOrder, { quantity: 100 })).rejects.toMatchObject({ status: 0 });
    expect(lostKeys).toHaveLength(2);
  });
});
