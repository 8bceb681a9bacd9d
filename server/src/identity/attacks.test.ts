import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bearer, ORIGIN, sessionCookie, signUp, uniqueEmail } from "../test/accounts.js";
import { firstLink, startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { findRole } from "../user/queries.js";
import { isDeviceRecorded, recordDevice } from "./queries.js";
import { ACCOUNT_SIGN_IN_ATTEMPTS } from "./rate-limits.js";
import { authUsers } from "./tables.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Each attack of issue 10's review, reproduced, and now failing to get in. */
describe("attacks on the identity calls", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url }, logger: { level: "info", stream: logStream } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, remoteAddress = "198.51.100.1") =>
    ctx.app.inject({ method: "POST", url, headers: ORIGIN, payload, remoteAddress });
  const signIn = (email: string, password: string, remoteAddress?: string) =>
    post("/api/auth/sign-in/email", { email, password }, remoteAddress);
  const mailsTo = (email: string, subject: string) =>
    smtp.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}`));
  const adminCheck = (email: string, token: string) =>
    ctx.app.inject({ method: "GET", url: `/api/admin/${email}`, headers: bearer(token) });

  describe("dot segments and doubled slashes (hole 1)", () => {
    // Over real HTTP: app.inject resolves dot segments itself, a raw request sends the path as written.
    let origin: URL;
    beforeAll(async () => {
      origin = new URL(await ctx.app.listen({ port: 0, host: "127.0.0.1" }));
    });
    const raw = (method: string, path: string, body?: object) =>
      new Promise<{ status: number; body: string; cookie: boolean }>((resolve, reject) => {
        const payload = body ? JSON.stringify(body) : undefined;
        const request = httpRequest(
          {
            host: origin.hostname,
            port: origin.port,
            method,
            path,
            headers: { ...ORIGIN, ...(payload ? { "content-type": "application/json" } : {}) },
          },
          (response) => {
            let text = "";
            response.on("data", (chunk) => {
              text += chunk;
            });
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, body: text, cookie: "set-cookie" in response.headers }),
            );
          },
        );
        request.on("error", reject);
        request.end(payload);
      });

    it.each([
      "/api/auth/x/../sign-in/email",
      "/api/auth/./sign-in/email",
      "/api/auth/x/%2e%2e/sign-in/email",
      "/api/auth/x/%2E%2E/sign-in/email",
      "/api/auth//sign-in/email",
      "/api/auth/x%2f..%2fsign-in/email",
      "/api/auth/x\\..\\sign-in/email",
    ])("refuses POST %s with 400 before it reaches the identity provider", async (url) => {
      const account = await signUp(ctx.app);
      const response = await raw("POST", url, { email: account.email, password: account.password });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).message).toBe(
        "This address is not valid: it has dot segments or doubled slashes.",
      );
      expect(response.cookie).toBe(false);
    });

    it("refuses dot segments anywhere on the server, not only under /api/auth", async () => {
      for (const url of ["/api/x/../product", "/images/../pgdata/PG_VERSION", "//api/product", "/%2e%2e/etc/passwd"]) {
        expect({ url, status: (await raw("GET", url)).status }).toEqual({ url, status: 400 });
      }
      expect((await raw("GET", "/api/product?limit=1&q=a//b/../c")).status).not.toBe(400);
    });

    it("keeps a locked account locked whatever path the guesser tries", async () => {
      const account = await signUp(ctx.app);
      for (let attempt = 1; attempt <= 10; attempt++) {
        expect(
          (await raw("POST", "/api/auth/sign-in/email", { email: account.email, password: `no-${attempt}` })).status,
        ).toBe(401);
      }
      const right = { email: account.email, password: account.password };
      for (const url of ["/api/auth/x/../sign-in/email", "/api/auth/sign-in//email", "/api/auth/sign-in/%65mail"]) {
        const sneaky = await raw("POST", url, right);
        expect({ url, status: sneaky.status, cookie: sneaky.cookie }).toEqual({
          url,
          status: url.includes("%65") ? 404 : 400,
          cookie: false,
        });
      }
      expect((await raw("POST", "/api/auth/sign-in/email", right)).status).toBe(429);
    });

    it("limits every identity call per address, also the ones without a rule of their own", async () => {
      const from = "198.51.100.30";
      for (let n = 1; n <= 600; n++) {
        const session = await ctx.app.inject({ method: "GET", url: "/api/auth/get-session", remoteAddress: from });
        expect(session.statusCode).toBe(200);
      }
      const refused = await ctx.app.inject({ method: "GET", url: "/api/auth/get-session", remoteAddress: from });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe("Too many requests from your address. Please try again in 1 minute(s).");
      const account = await signUp(ctx.app);
      for (let n = 1; n <= 10; n++) {
        const change = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/change-password",
          headers: { ...ORIGIN, cookie: account.cookie },
          payload: { currentPassword: `wrong-${n}`, newPassword: "new-password-1" },
          remoteAddress: "198.51.100.31",
        });
        expect(change.statusCode).toBe(400);
      }
      const eleventh = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: { ...ORIGIN, cookie: account.cookie },
        payload: { currentPassword: account.password, newPassword: "new-password-1" },
        remoteAddress: "198.51.100.31",
      });
      expect(eleventh.statusCode).toBe(429);
    });

    it("keeps Better Auth's own limiter on as a second line", async () => {
      const statuses: number[] = [];
      for (let n = 1; n <= 61; n++) {
        const response = await ctx.app.identity.handler(
          new Request("http://localhost:5000/api/auth/sign-in/email", {
            method: "POST",
            headers: { ...ORIGIN, "content-type": "application/json", "x-forwarded-for": "198.51.100.40" },
            body: JSON.stringify({ email: `nobody${n}@example.com`, password: "not-a-password" }),
          }),
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
      expect(statuses[60]).toBe(429);
    }, 120_000); // 61 password checks one after another, as above
  });

  describe("access tokens end with the identity session (hole 2)", () => {
    it("lives 15 minutes", async () => {
      const account = await signUp(ctx.app);
      const claims = JSON.parse(Buffer.from(account.token.split(".")[1] ?? "", "base64url").toString());
      expect(claims.exp - claims.iat).toBe(15 * 60);
    });

    it("stops working at sign-out", async () => {
      const account = await signUp(ctx.app);
      expect((await adminCheck(account.email, account.token)).statusCode).toBe(200);
      const out = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { ...ORIGIN, cookie: account.cookie },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      const after = await adminCheck(account.email, account.token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe("Your sign-in has expired or is not valid. Please sign in again.");
    });

    it("stops working when the password is reset, and the reset lifts the sign-in lock", async () => {
      const account = await signUp(ctx.app);
      for (let attempt = 1; attempt <= 11; attempt++) await signIn(account.email, `wrong-${attempt}`, "198.51.100.50");
      expect((await signIn(account.email, account.password, "198.51.100.50")).statusCode).toBe(429);
      await post("/api/auth/request-password-reset", { email: account.email, redirectTo: "/resetpassword" });
      await expect.poll(() => mailsTo(account.email, "Reset your Forgeline Tools password").length).toBe(1);
      const link = new URL(firstLink(mailsTo(account.email, "Reset your Forgeline")[0]?.raw ?? "") ?? "");
      const opened = await ctx.app.inject({ method: "GET", url: link.pathname + link.search });
      const token = new URL(opened.headers.location ?? "", "http://localhost:5000").searchParams.get("token") ?? "";
      expect((await post("/api/auth/reset-password", { token, newPassword: "after-reset-1" })).statusCode).toBe(200);
      expect((await adminCheck(account.email, account.token)).statusCode).toBe(401);
      expect((await signIn(account.email, "after-reset-1", "198.51.100.50")).statusCode).toBe(200);
      expect(logLines.join("")).not.toContain(token);
      expect(logLines.join("")).toContain("/api/auth/reset-password/[redacted]");
    });

    it("stops working when the account's role changes; a new token from the same session works", async () => {
      const admin = await signUp(ctx.app, { admin: true });
      const promoted = await signUp(ctx.app);
      await ctx.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, promoted.email));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const made = await ctx.app.inject({
        method: "PUT",
        url: `/api/user/admin/${promoted.email}`,
        headers: bearer(admin.token),
      });
      expect(made.json()).toEqual({ modifiedCount: 1 });
      expect((await adminCheck(promoted.email, promoted.token)).statusCode).toBe(401);
      const renewed = await ctx.app.inject({
        method: "PUT",
        url: `/api/user/${promoted.email}`,
        headers: { cookie: promoted.cookie },
      });
      const answer = await adminCheck(promoted.email, renewed.json().token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ admin: true });
    });
  });

  describe("only a verified address can be made an admin (hole 4)", () => {
    it("mails a confirmation link at sign-up; Make Admin refuses the account until it is opened", async () => {
      const admin = await signUp(ctx.app, { admin: true });
      const squatter = await signUp(ctx.app, { name: "Early Bird" });
      await expect.poll(() => mailsTo(squatter.email, "Confirm your Forgeline Tools address").length).toBe(1);
      const refused = await ctx.app.inject({
        method: "PUT",
        url: `/api/user/admin/${squatter.email}`,
        headers: bearer(admin.token),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `${squatter.email} has not confirmed this address yet, so it cannot be made an admin.`,
      );
      expect(await findRole(ctx.db, squatter.email)).toBe("customer");

      const link = new URL(firstLink(mailsTo(squatter.email, "Confirm your")[0]?.raw ?? "") ?? "");
      expect(link.pathname).toBe("/api/auth/verify-email");
      const confirmed = await ctx.app.inject({ method: "GET", url: link.pathname + link.search });
      expect(confirmed.statusCode).toBe(302);
      const made = await ctx.app.inject({
        method: "PUT",
        url: `/api/user/admin/${squatter.email}`,
        headers: bearer(admin.token),
      });
      expect(made.statusCode).toBe(200);
      expect(await findRole(ctx.db, squatter.email)).toBe("admin");
    });

    it("answers 404 for an address without an account, and never creates one", async () => {
      const admin = await signUp(ctx.app, { admin: true });
      const nobody = uniqueEmail("nobody");
      const response = await ctx.app.inject({
        method: "PUT",
        url: `/api/user/admin/${nobody}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode).toBe(404);
      expect(await findRole(ctx.db, nobody)).toBeUndefined();
    });

    it("ignores an emailVerified flag smuggled into the sign-up body", async () => {
      const email = uniqueEmail("smuggler");
      const response = await post(
        "/api/auth/sign-up/email",
        { email, password: "smuggled-1", name: "Smuggler", emailVerified: true, image: "javascript:alert(1)" },
        "198.51.100.60",
      );
      expect(response.statusCode).toBe(200);
      const [account] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, email));
      expect(account).toMatchObject({ emailVerified: false, image: null });
    });
  });

  describe("sign-up and sign-in rules on the server (hole 8, bad input)", () => {
    it.each([
      [{ name: "", email: "a@example.com", password: "secret-1" }, "name", "Name is Required"],
      [
        { name: "x".repeat(101), email: "a@example.com", password: "secret-1" },
        "name",
        "Name must be 100 characters or fewer",
      ],
      [{ name: "Ann", email: "", password: "secret-1" }, "email", "Email is Required"],
      [{ name: "Ann", email: "not-an-email", password: "secret-1" }, "email", "Provide a Valid Email"],
      [{ name: "Ann", email: "a@example.com", password: "" }, "password", "Password is Required"],
      [{ name: "Ann", email: "a@example.com", password: "12345" }, "password", "Must be 6 Characters Or Longer"],
    ])("refuses the sign-up %j with 400 naming %s, storing nothing", async (body, field, message) => {
      const unique = { ...body, email: body.email === "a@example.com" ? uniqueEmail("refused") : body.email };
      const response = await post("/api/auth/sign-up/email", unique, "198.51.100.70");
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field, message }]);
      if (unique.email.includes("@")) {
        expect(await ctx.db.select().from(authUsers).where(eq(authUsers.email, unique.email))).toEqual([]);
      }
    });

    it("refuses a 1 MB display name on update-user", async () => {
      const account = await signUp(ctx.app, { name: "Short Name" });
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/update-user",
        headers: { ...ORIGIN, cookie: account.cookie },
        payload: { name: "n".repeat(900_000) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: "name", message: "Name must be 100 characters or fewer" }]);
      const [stored] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, account.email));
      expect(stored?.name).toBe("Short Name");
    });

    it("answers a sign-up with a known address like a new one, and mails the owner instead", async () => {
      const owner = await signUp(ctx.app, { name: "Owner" });
      const probe = await post(
        "/api/auth/sign-up/email",
        { email: owner.email, password: "probing-1", name: "Prober" },
        "198.51.100.80",
      );
      expect(probe.statusCode).toBe(200);
      expect(probe.body).not.toContain("exists");
      await expect.poll(() => mailsTo(owner.email, "You already have a Forgeline Tools account").length).toBe(1);
    });

    it("counts parallel guesses before checking them: a burst of 25 gets at most 10 answers", async () => {
      const account = await signUp(ctx.app);
      const burst = await Promise.all(
        Array.from({ length: 25 }, (_, n) => signIn(account.email, `burst-${n}`, "198.51.100.90")),
      );
      const statuses = burst.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401).length).toBe(10);
      expect(statuses.filter((status) => status === 429).length).toBe(15);
      expect((await signIn(account.email, account.password, "198.51.100.90")).statusCode).toBe(429);
    });

    it("lets the owner in from a browser they signed in from before, during a guessing attack", async () => {
      const account = await signUp(ctx.app);
      const ownerBefore = await signIn(account.email, account.password, "192.0.2.20");
      expect(ownerBefore.statusCode).toBe(200);
      const deviceCookie = sessionCookie(
        [ownerBefore.headers["set-cookie"] ?? []].flat().filter((cookie) => cookie.startsWith("forgeline_device=")),
      );
      expect(deviceCookie).toMatch(/^forgeline_device=/);
      expect([ownerBefore.headers["set-cookie"]].flat().join("\n")).toMatch(
        /forgeline_device=[^;]+; Path=\/api\/auth\/sign-in; Max-Age=\d+; HttpOnly; SameSite=Strict/,
      );
      // 60 wrong passwords from six addresses, 10 each (each address's own limit): the account-wide lock.
      for (let from = 1; from <= 6; from++) {
        for (let attempt = 1; attempt <= 10; attempt++) {
          await signIn(account.email, `guess-${from}-${attempt}`, `203.0.113.${100 + from}`);
        }
      }
      const stranger = await signIn(account.email, account.password, "192.0.2.21");
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toBe(
        "This account is locked after many failed sign-ins. Sign in from a browser you have signed in from before, or reset your password to unlock it. Please try again in 60 minute(s).",
      );
      const owner = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...ORIGIN, cookie: deviceCookie },
        payload: { email: account.email, password: account.password },
        remoteAddress: "192.0.2.21",
      });
      expect(owner.statusCode).toBe(200);
      // The lock still holds for everyone else; a cookie made for another account, or forged, opens nothing.
      expect((await signIn(account.email, account.password, "192.0.2.22")).statusCode).toBe(429);
      const other = await signUp(ctx.app);
      const otherCookie = sessionCookie(
        [(await signIn(other.email, other.password, "192.0.2.23")).headers["set-cookie"] ?? []]
          .flat()
          .filter((cookie) => cookie.startsWith("forgeline_device=")),
      );
      for (const cookie of [otherCookie, `${deviceCookie.slice(0, -3)}AAA`]) {
        const refused = await ctx.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { ...ORIGIN, cookie },
          payload: { email: account.email, password: account.password },
          remoteAddress: "192.0.2.24",
        });
        expect(refused.statusCode).toBe(429);
      }
    }, 120_000); // 60 password checks one after another: slow on a loaded machine, and no user waits on them

    it("counts wrong passwords from a trusted browser per browser: 10 lock it too", async () => {
      const account = await signUp(ctx.app);
      const first = await signIn(account.email, account.password, "192.0.2.30");
      const cookie = sessionCookie(
        [first.headers["set-cookie"] ?? []].flat().filter((c) => c.startsWith("forgeline_device=")),
      );
      const fromBrowser = (password: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { ...ORIGIN, cookie },
          payload: { email: account.email, password },
          remoteAddress: "192.0.2.30",
        });
      for (let attempt = 1; attempt <= 10; attempt++)
        expect((await fromBrowser(`wrong-${attempt}`)).statusCode).toBe(401);
      expect((await fromBrowser(account.password)).statusCode).toBe(429);
    });

    it("retires the account's device cookies at a password reset: an old one no longer passes the lock", async () => {
      const account = await signUp(ctx.app);
      const deviceCookieOf = (response: { headers: { "set-cookie"?: string | string[] | number | undefined } }) =>
        sessionCookie(
          [response.headers["set-cookie"] ?? []]
            .flat()
            .map(String)
            .filter((cookie) => cookie.startsWith("forgeline_device=")),
        );
      const fromBrowser = (cookie: string, password: string, remoteAddress: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { ...ORIGIN, cookie },
          payload: { email: account.email, password },
          remoteAddress,
        });
      const before = deviceCookieOf(await signIn(account.email, account.password, "192.0.2.40"));
      expect(before).toMatch(/^forgeline_device=/);

      await post("/api/auth/request-password-reset", { email: account.email, redirectTo: "/resetpassword" });
      await expect.poll(() => mailsTo(account.email, "Reset your Forgeline Tools password").length).toBe(1);
      const link = new URL(firstLink(mailsTo(account.email, "Reset your Forgeline")[0]?.raw ?? "") ?? "");
      const opened = await ctx.app.inject({ method: "GET", url: link.pathname + link.search });
      const token = new URL(opened.headers.location ?? "", "http://localhost:5000").searchParams.get("token") ?? "";
      expect((await post("/api/auth/reset-password", { token, newPassword: "after-reset-2" })).statusCode).toBe(200);
      // The browser that signs in after the reset is trusted again, with a new cookie.
      const after = deviceCookieOf(await fromBrowser(before, "after-reset-2", "192.0.2.41"));
      expect(after).toMatch(/^forgeline_device=/);
      expect(after).not.toBe(before);

      // The account-wide lock, as the guessing of the test above leaves it (without 60 password checks).
      const key = `sign-in:${account.email.toLowerCase()}`;
      for (let guess = 0; guess <= ACCOUNT_SIGN_IN_ATTEMPTS.max; guess++) {
        await ctx.app.limits.consume(key, ACCOUNT_SIGN_IN_ATTEMPTS);
      }
      expect((await signIn(account.email, "after-reset-2", "192.0.2.42")).statusCode).toBe(429);
      expect((await fromBrowser(before, "after-reset-2", "192.0.2.42")).statusCode).toBe(429);
      expect((await fromBrowser(after, "after-reset-2", "192.0.2.42")).statusCode).toBe(200);
    });

    it("keeps a returning browser's device id, and an account's 20 newest devices only", async () => {
      const account = await signUp(ctx.app);
      const idOf = (response: { headers: { "set-cookie"?: string | string[] | number | undefined } }) =>
        [response.headers["set-cookie"] ?? []]
          .flat()
          .map(String)
          .find((cookie) => cookie.startsWith("forgeline_device="))
          ?.split(/[=.]/)[1];
      const first = await signIn(account.email, account.password, "192.0.2.50");
      const again = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...ORIGIN, cookie: sessionCookie(first.headers["set-cookie"]) },
        payload: { email: account.email, password: account.password },
        remoteAddress: "192.0.2.50",
      });
      expect(idOf(again)).toBe(idOf(first));
      const email = account.email.toLowerCase();
      // Issued later than the first: their year ends after its year.
      const expiresAt = new Date(Date.now() + 2 * 365 * 86_400_000);
      for (let browser = 1; browser <= 20; browser++) {
        await recordDevice(ctx.db, { email, device: `browser-${browser}`, expiresAt }, 20);
      }
      expect(await isDeviceRecorded(ctx.db, email, idOf(first) ?? "")).toBe(false);
      expect(await isDeviceRecorded(ctx.db, email, "browser-1")).toBe(true);
      expect(await isDeviceRecorded(ctx.db, "someone.else@example.com", "browser-1")).toBe(false);
    });

    it("locks the guesser's address, not the owner signing in from elsewhere", async () => {
      const account = await signUp(ctx.app);
      for (let attempt = 1; attempt <= 11; attempt++) await signIn(account.email, `wrong-${attempt}`, "203.0.113.66");
      expect((await signIn(account.email, account.password, "203.0.113.66")).statusCode).toBe(429);
      expect((await signIn(account.email, account.password, "192.0.2.10")).statusCode).toBe(200);
    });

    it("writes Better Auth's warning about a wrong password into the shop's log, not onto the console", async () => {
      const account = await signUp(ctx.app);
      const consoleWarn = vi.spyOn(console, "warn");
      const from = logLines.length;
      const refused = await signIn(account.email, "not-the-password", "203.0.113.67");
      const warnedOnConsole = consoleWarn.mock.calls.length;
      consoleWarn.mockRestore();
      expect(refused.statusCode).toBe(401);
      const logged = logLines.slice(from).map((line) => JSON.parse(line));
      expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: "Better Auth: Invalid password" }));
      expect(warnedOnConsole).toBe(0);
    });
  });
});

describe("TRUST_PROXY as a hop count (hole 5)", () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => ctx.close());

  it("a forged X-Forwarded-For does not reset a per-address limit", async () => {
    // The balancer (127.0.0.1 here) appends the real client's address; whatever the client wrote comes first.
    const attempt = (n: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...ORIGIN, "x-forwarded-for": `10.0.0.${n}, 203.0.113.9` },
        payload: { email: `visitor${n}@example.com`, password: "not-their-password" },
      });
    for (let n = 1; n <= 30; n++) expect((await attempt(n)).statusCode).toBe(401);
    expect((await attempt(31)).statusCode).toBe(429);
    const otherClient = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { ...ORIGIN, "x-forwarded-for": "203.0.113.10" },
      payload: { email: "visitor99@example.com", password: "not-their-password" },
    });
    expect(otherClient.statusCode).toBe(401);
  });
});
