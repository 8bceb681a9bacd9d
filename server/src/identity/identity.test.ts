import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSeedAdmin, localAdminPassword } from "../seed/admin.js";
import { ORIGIN, sessionCookie, signUp, uniqueEmail } from "../test/accounts.js";
import { firstLink, startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { findRole } from "../user/queries.js";
import { authUsers } from "./tables.js";

describe("identity provider at /api/auth", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url: `/api/auth${url}`, headers: ORIGIN, payload });
  const signIn = (email: string, password: string) => post("/sign-in/email", { email, password });

  it("signs up, then signs in with the same password and gets a session", async () => {
    const account = await signUp(ctx.app, { name: "Ada Builder" });
    const response = await signIn(account.email, account.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: account.email, name: "Ada Builder" });
    const session = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/get-session",
      headers: { cookie: sessionCookie(response.headers["set-cookie"]) },
    });
    expect(session.json().user.email).toBe(account.email);
  });

  it("says the account's role in the session's answer, so the browser needs no second request for it", async () => {
    const roleIn = async (account: { cookie: string }) =>
      (
        await ctx.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie: account.cookie } })
      ).json().user.role;
    expect(await roleIn(await signUp(ctx.app))).toBe("customer");
    expect(await roleIn(await signUp(ctx.app, { admin: true }))).toBe("admin");
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/get-session" })).json()).toBeNull();
  });

  it("refuses a wrong password with the provider's message", async () => {
    const account = await signUp(ctx.app);
    const response = await signIn(account.email, "wrong-password");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Invalid email or password");
  });

  it("refuses a short password and a second account for one email, storing nothing", async () => {
    const email = uniqueEmail();
    const short = await post("/sign-up/email", { email, password: "12345", name: "Short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password/i);
    expect((await signIn(email, "12345")).statusCode).toBe(401);

    const account = await signUp(ctx.app);
    const twice = await post("/sign-up/email", { email: account.email, password: "another-pass", name: "Again" });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual({ token: null, user: null });
    expect(twice.headers["set-cookie"]).toBeUndefined();
    expect((await signIn(account.email, "another-pass")).statusCode).toBe(401);
  });

  it("after 10 wrong passwords in a minute refuses further attempts for the account (429), even the right one", {
    timeout: 120_000,
  }, async () => {
    const account = await signUp(ctx.app);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await signIn(account.email, `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const locked = await signIn(account.email, account.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
    expect(locked.json().message).toMatch(/Too many failed sign-ins/);

    const bystander = await signUp(ctx.app);
    expect((await signIn(bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it("resets a password through the mailed link; the old password stops working", async () => {
    const account = await signUp(ctx.app, { name: "Reset Me" });
    const request = await post("/request-password-reset", { email: account.email, redirectTo: "/resetpassword" });
    expect(request.statusCode).toBe(200);
    const resetMails = () =>
      smtp.received.filter((m) => m.to.includes(account.email) && m.raw.includes("Subject: Reset your Forgeline"));
    await expect.poll(() => resetMails().length).toBe(1);
    const mail = resetMails()[0];
    expect(mail?.raw).toContain("Subject: Reset your Forgeline Tools password");
    const link = firstLink(mail?.raw ?? "");
    expect(link).toMatch(/^http:\/\/localhost:5000\/api\/auth\/reset-password\//);

    const opened = await ctx.app.inject({
      method: "GET",
      url: new URL(link ?? "").pathname + new URL(link ?? "").search,
    });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location ?? "", "http://localhost:5000");
    expect(landing.pathname).toBe("/resetpassword");
    const token = landing.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    const reset = await post("/reset-password", { token, newPassword: "brand-new-pass" });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(account.email, "brand-new-pass")).statusCode).toBe(200);
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await post("/reset-password", { token, newPassword: "third-pass" })).statusCode).toBe(400);
  });

  it("answers a reset request for an unknown address exactly like a known one, and sends nothing", async () => {
    const known = await signUp(ctx.app);
    const unknownEmail = uniqueEmail("nobody");
    const forKnown = await post("/request-password-reset", { email: known.email, redirectTo: "/resetpassword" });
    const forUnknown = await post("/request-password-reset", { email: unknownEmail, redirectTo: "/resetpassword" });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    const resetMailTo = (email: string) =>
      smtp.received.some((mail) => mail.to.includes(email) && mail.raw.includes("Subject: Reset your Forgeline"));
    await expect.poll(() => resetMailTo(known.email)).toBe(true);
    expect(smtp.received.some((mail) => mail.to.includes(unknownEmail))).toBe(false);
  });

  it("sends at most 3 reset mails per address in 15 minutes", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 3; i++) {
      expect((await post("/request-password-reset", { email, redirectTo: "/resetpassword" })).statusCode).toBe(200);
    }
    expect((await post("/request-password-reset", { email, redirectTo: "/resetpassword" })).statusCode).toBe(429);
  });

  it("sends the confirmation link again on request, 3 times in 15 minutes at most; the newest link confirms", async () => {
    const account = await signUp(ctx.app);
    const confirmationMails = () =>
      smtp.received.filter((mail) => mail.to.includes(account.email) && mail.raw.includes("/api/auth/verify-email"));
    await expect.poll(() => confirmationMails().length).toBe(1);
    const again = () => post("/send-verification-email", { email: account.email, callbackURL: "/dashboard" });
    for (let i = 0; i < 3; i++) expect((await again()).statusCode).toBe(200);
    const fourth = await again();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^Too many confirmation mails for this address\. Please try again in/);
    await expect.poll(() => confirmationMails().length).toBe(4);

    const link = new URL(firstLink(confirmationMails().at(-1)?.raw ?? "") ?? "");
    const opened = await ctx.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, account.email));
    expect(user?.emailVerified).toBe(true);
  });

  it("creates the seed admin once, verified, with its password, and sends it no mail", async () => {
    const seed = { email: uniqueEmail("seed-admin"), password: "seeded-admin-pass" };
    expect(await ensureSeedAdmin(ctx.app.identity, ctx.db, seed)).toBe("created");
    expect(await ensureSeedAdmin(ctx.app.identity, ctx.db, seed)).toBe("exists");
    expect((await signIn(seed.email, seed.password)).statusCode).toBe(200);
    expect(await findRole(ctx.db, seed.email)).toBe("admin");
    const [account] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, seed.email));
    expect(account?.emailVerified).toBe(true);
    expect(smtp.received.some((mail) => mail.to.includes(seed.email))).toBe(false);
  });

  it("generates the local admin password on the first start, keeps it private in DATA_DIR, and reuses it", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "forgeline-admin-"));
    const first = await localAdminPassword(folder);
    expect(first.generated).toBe(true);
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    expect((await stat(path.join(folder, "admin-password"))).mode & 0o777).toBe(0o600);
    expect(await localAdminPassword(folder)).toEqual({ password: first.password, generated: false });
    await rm(folder, { recursive: true, force: true });
  });

  it("never promotes an account someone registered first under the seed admin's address", async () => {
    const squatter = await signUp(ctx.app, { name: "Squatter" });
    const result = await ensureSeedAdmin(ctx.app.identity, ctx.db, { email: squatter.email, password: "seed-pass-9" });
    expect(result).toBe("refused");
    expect(await findRole(ctx.db, squatter.email)).toBe("customer");
    expect((await signIn(squatter.email, "seed-pass-9")).statusCode).toBe(401);
  });
});

describe("per-address limits on the identity calls", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("refuses the 31st sign-in attempt within a minute from one address, whatever the accounts", async () => {
    const attempt = (n: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: ORIGIN,
        payload: { email: `visitor${n}@example.com`, password: "not-their-password" },
      });
    for (let n = 1; n <= 30; n++) expect((await attempt(n)).statusCode).toBe(401);
    const refused = await attempt(31);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().statusCode).toBe(429);
  });
});
