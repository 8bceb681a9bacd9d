import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { enqueueAccountMail } from "../identity/queries.js";
import { ORIGIN, signUp, type TestAccount, uniqueEmail } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { firstLink, startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { enqueueMail, mailsTo } from "./queries.js";
import { retryDelay } from "./sender.js";

describe("the mail outbox", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const subjectsTo = (received: typeof smtp.received, email: string) =>
    received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1])
      .sort();

  it("holds mail while the mail server is down and delivers each one once when it is back", async () => {
    // Confirmed: an unconfirmed address would get its confirmation only (hold.test.ts).
    const customer = await signUp(ctx.app, { confirmed: true });
    const { port } = smtp;
    await smtp.close();

    const order = await steps.paidOrder(customer);
    // The order is placed and paid while no mail server answers; the mails wait and are tried again.
    await expect
      .poll(async () => (await mailsTo(ctx.db, customer.email)).filter((mail) => mail.attempts >= 2).length)
      .toBe(3);
    const waiting = await mailsTo(ctx.db, customer.email);
    expect(waiting.map((mail) => [mail.template, mail.sentAt])).toEqual([
      ["verify-address", null],
      ["order-placed", null],
      ["payment-receipt", null],
    ]);
    expect(waiting.every((mail) => mail.lastError?.includes("ECONNREFUSED"))).toBe(true);

    smtp = await startSmtpStandIn(port);
    await expect.poll(() => subjectsTo(smtp.received, customer.email).length, { timeout: 5000 }).toBe(3);
    expect(subjectsTo(smtp.received, customer.email)).toEqual([
      "Confirm your Forgeline Tools address",
      `Payment receipt: invoice ${order.invoiceNumber} for order ${order.number}`,
      `Your order ${order.number} (${order.order}) is placed`,
    ]);
    // Later rounds send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subjectsTo(smtp.received, customer.email)).toHaveLength(3);
    expect((await mailsTo(ctx.db, customer.email)).every((mail) => mail.sentAt !== null)).toBe(true);
  });

  it("sends HTML with a plain-text part made of the same words", async () => {
    // Greeted by name: the owner has confirmed the address (until then the mail carries no name).
    const customer = await signUp(ctx.app, { name: "Ada Smith", confirmed: true });
    const order = await steps.placeOrder(customer);
    await expect
      .poll(() => subjectsTo(smtp.received, customer.email))
      .toContain(`Your order ${order.number} (${order.order}) is placed`);
    const raw = smtp.received.find((mail) => mail.to.includes(customer.email) && mail.raw.includes("is placed"))?.raw;
    const mail = await simpleParser(raw ?? "");
    expect(mail.from?.text).toBe('"Forgeline Tools" <no-reply@forgeline.test>');
    const payLink = `http://localhost:5000/dashboard/payment/${order._id}`;
    // The order's one line, with the tool's SKU (made from its name: "Test Tool 2 …" is TES-TOO-2).
    const sku = order.lines[0]?.sku;
    expect(sku).toMatch(/^TES-TOO-\d+$/);
    for (const part of [mail.text ?? "", String(mail.html)]) {
      expect(part).toContain("Hello Ada Smith,");
      expect(part).toContain(`150 × ${order.order} (${sku}) at $10.00 each: $1,500.00`);
      expect(part).toContain("Total: $1,500.00");
      expect(part).toContain(payLink);
    }
    expect(String(mail.html)).toContain(`<a href="${payLink}"`);
    expect(mail.text).not.toContain("<");
  });

  it("sends each mail once when two instances deliver the same outbox", async () => {
    const second = await buildApp({
      config: { ...ctx.config, mailOutbox: { pollMs: 50, retryMs: 100 } },
      database: ctx.otherInstance(),
      authSecret: TEST_AUTH_SECRET,
    });
    await second.ready();
    try {
      const to = "both-instances@example.com";
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => enqueueMail(ctx.db, to, "account-exists", { link: `http://x/${i}` })),
      );
      await expect
        .poll(() => smtp.received.filter((mail) => mail.to.includes(to)).length, { timeout: 20_000 })
        .toBe(40);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const links = smtp.received
        .filter((mail) => mail.to.includes(to))
        .map((mail) => mail.raw.match(/http:\/\/x\/\d+/)?.[0]);
      expect(new Set(links).size).toBe(40);
      expect(links).toHaveLength(40);
    } finally {
      await second.close();
    }
  });

  it("keeps no key of a sent confirmation, reset or invitation mail: the mail carried it, the outbox forgets it", async () => {
    const customer = await signUp(ctx.app);
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: ORIGIN,
      payload: { email: customer.email, redirectTo: "/resetpassword" },
    });
    expect(reset.statusCode).toBe(200);
    const invited = uniqueEmail("invited");
    const invitation = "invitation-secret-0123456789abcdef";
    await enqueueAccountMail(ctx.db, invited, "company-invitation", {
      companyName: "Acme Tools",
      role: "buyer",
      invitedBy: "Ada Smith",
      token: invitation,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const rows = async () => [...(await mailsTo(ctx.db, customer.email)), ...(await mailsTo(ctx.db, invited))];
    await expect.poll(async () => (await rows()).filter((mail) => mail.sentAt).length).toBe(3);

    const received = (email: string, subject: string) =>
      smtp.received.find((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}`))?.raw ?? "";
    const confirmation = new URL(firstLink(received(customer.email, "Confirm your")) ?? "");
    const resetLink = new URL(firstLink(received(customer.email, "Reset your")) ?? "");
    const keys = [confirmation.searchParams.get("token") ?? "", resetLink.pathname.split("/").at(-1) ?? "", invitation];
    expect(confirmation.pathname).toBe("/api/auth/verify-email");
    expect(resetLink.pathname).toMatch(/^\/api\/auth\/reset-password\/.{20,}/);
    expect(keys.every((key) => key.length >= 20)).toBe(true);
    expect(received(invited, "Join Acme Tools").replace(/=\r?\n/g, "")).toContain(`/invitations/${invitation}`);

    const stored = JSON.stringify(await rows());
    for (const key of keys) expect(stored).not.toContain(key);
    expect(
      (await rows()).map((mail) => [
        mail.template,
        (mail.data as { link?: string; token?: string }).link ?? (mail.data as { token?: string }).token,
      ]),
    ).toEqual([
      ["verify-address", "[link removed after sending]"],
      ["password-reset", "[link removed after sending]"],
      ["company-invitation", "[link removed after sending]"],
    ]);
  });

  it("waits longer after each failure, up to 15 minutes", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, 5000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelay(30, 5000)).toBe(15 * 60_000);
  });
});
