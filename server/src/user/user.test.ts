import { MESSAGES } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { accessTokens } from "./access-token.js";
import { findRole } from "./queries.js";

describe("user calls: access token, admin check, all users, make admin", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let forged: string;
  let expired: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await signUp(ctx.app);
    other = await signUp(ctx.app);
    admin = await signUp(ctx.app, { admin: true });
    forged = await accessTokens("another-secret-that-is-long-enough-000000").issue(admin);
    expired = await accessTokens(TEST_AUTH_SECRET).issue(customer, Math.floor(Date.now() / 1000) - 60);
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "PUT", url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers });

  describe("PUT /api/user/{email}", () => {
    it("answers a token for the identity session's own email", async () => {
      const response = await call("PUT", `/api/user/${customer.email.toUpperCase()}`, { cookie: customer.cookie });
      expect(response.statusCode).toBe(200);
      const { token } = response.json();
      expect((await call("GET", `/api/admin/${customer.email}`, bearer(token))).json()).toEqual({ admin: false });
    });

    it("refuses another account's email (403) and a caller without a session (401)", async () => {
      expect((await call("PUT", `/api/user/${other.email}`, { cookie: customer.cookie })).statusCode).toBe(403);
      expect((await call("PUT", `/api/user/${customer.email}`)).statusCode).toBe(401);
      expect((await call("PUT", `/api/user/${customer.email}`, bearer(customer.token))).statusCode).toBe(401);
      expect(
        (await call("PUT", `/api/user/${customer.email}`, { cookie: "forgeline.session_token=forged" })).statusCode,
      ).toBe(401);
    });

    // The session is checked first: a malformed address is never the caller's own, so it is refused as such.
    it("refuses a malformed email as someone else's (403), and a stranger's broken call with 401", async () => {
      const response = await call("PUT", "/api/user/not-an-email", { cookie: customer.cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You can only get an access token for your own account.");
      expect((await call("PUT", "/api/user/not-an-email", {})).statusCode).toBe(401);
    });
  });

  describe("GET /api/admin/{email}", () => {
    it.each([
      ["no token", () => ({})],
      ["a forged token", () => bearer(forged)],
      ["an expired token", () => bearer(expired)],
      ["a token that is not a JWT", () => bearer("abc.def.ghi")],
    ])("answers 401 to %s", async (_, headers) => {
      const response = await call("GET", `/api/admin/${customer.email}`, headers());
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/sign in/i);
    });

    it("tells a customer about their own account, and refuses another's (403)", async () => {
      expect((await call("GET", `/api/admin/${customer.email}`, bearer(customer.token))).json()).toEqual({
        admin: false,
      });
      expect((await call("GET", `/api/admin/${admin.email}`, bearer(customer.token))).statusCode).toBe(403);
    });

    it("tells an admin about any account", async () => {
      expect((await call("GET", `/api/admin/${admin.email}`, bearer(admin.token))).json()).toEqual({ admin: true });
      expect((await call("GET", `/api/admin/${customer.email}`, bearer(admin.token))).json()).toEqual({ admin: false });
    });
  });

  describe("GET /api/user", () => {
    it.each([
      ["no token", () => ({}), 401],
      ["a forged token", () => bearer(forged), 401],
      ["an expired token", () => bearer(expired), 401],
    ])("answers %s with %i", async (_, headers, status) => {
      expect((await call("GET", "/api/user", headers())).statusCode).toBe(status);
    });

    it("refuses a customer with Admin Access Only", async () => {
      const response = await call("GET", "/api/user", bearer(customer.token));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.adminOnly);
    });

    it("lists every user with their role for an admin", async () => {
      const response = await call("GET", "/api/user?limit=100", bearer(admin.token));
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-total-count"]).toBe("3");
      expect(response.json()).toEqual(
        expect.arrayContaining([
          { _id: expect.any(String), email: customer.email, role: "customer" },
          { _id: expect.any(String), email: admin.email, role: "admin" },
        ]),
      );
    });
  });

  describe("PUT /api/user/admin/{email}", () => {
    it("refuses anyone but an admin, and changes nothing", async () => {
      expect((await call("PUT", `/api/user/admin/${other.email}`)).statusCode).toBe(401);
      expect((await call("PUT", `/api/user/admin/${other.email}`, bearer(forged))).statusCode).toBe(401);
      const byCustomer = await call("PUT", `/api/user/admin/${customer.email}`, bearer(customer.token));
      expect(byCustomer.statusCode).toBe(403);
      expect(byCustomer.json().message).toBe(MESSAGES.adminOnly);
      expect(await findRole(ctx.db, customer.email)).toBe("customer");
    });

    it("makes a verified customer an admin once; the new admin's old token ends, a renewed one is an admin's", async () => {
      await markAddressConfirmed(ctx.app, other.email);
      const first = await call("PUT", `/api/user/admin/${other.email}`, bearer(admin.token));
      expect(first.json()).toEqual({ modifiedCount: 1 });
      const again = await call("PUT", `/api/user/admin/${other.email}`, bearer(admin.token));
      expect(again.json()).toEqual({ modifiedCount: 0 });
      // Issue times are whole seconds: wait for the next one so that the renewed token is newer than the change.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const renewed = await call("PUT", `/api/user/${other.email}`, { cookie: other.cookie });
      expect((await call("GET", "/api/user", bearer(renewed.json().token))).statusCode).toBe(200);
    });

    it("refuses an account whose address is not confirmed (409), and keeps it a customer", async () => {
      const unconfirmed = await signUp(ctx.app);
      const response = await call("PUT", `/api/user/admin/${unconfirmed.email}`, bearer(admin.token));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `${unconfirmed.email} has not confirmed this address yet, so it cannot be made an admin.`,
      );
      expect(await findRole(ctx.db, unconfirmed.email)).toBe("customer");
    });

    it("answers 404 for an unknown email", async () => {
      expect((await call("PUT", "/api/user/admin/nobody@example.com", bearer(admin.token))).statusCode).toBe(404);
    });
  });
});
