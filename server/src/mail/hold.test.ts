import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueAccountMail } from "../identity/queries.js";
import { authUsers } from "../identity/tables.js";
import { markAddressConfirmed, ORIGIN, signUp, type TestAccount, uniqueEmail } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { firstLink, startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { claimNextMail, dropStaleHeldMails, mailsTo, releaseHeldMails } from "./queries.js";
import { mailOutbox } from "./tables.js";

const DAY_MS = 86_400_000;
const invitation = (expiresInMs: number) => ({
  companyName: "Acme Tools",
  role: "buyer" as const,
  invitedBy: "Ada Smith",
  token: `invitation-${Math.random().toString(36).slice(2)}`,
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});

/**
 * Issue finding 8: an address nobody confirmed got every order mail of the account that named it. Its mails
 * now wait in the outbox, held, until the address is confirmed (docs/decisions/028-mail-held-until-confirmed.md).
 */
describe("mail held until the address is confirmed", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const subjectsTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1]);
  const cancel = async (account: TestAccount, orderId: string) =>
    expect((await steps.call("POST", `/api/ordering/${orderId}/cancel`, account)).statusCode).toBe(200);
  const heldTo = async (email: string) => (await mailsTo(ctx.db, email)).filter((mail) => mail.heldAt !== null);

  it("sends an unconfirmed address its confirmation and reset mails only; the others wait, held", async () => {
    const customer = await signUp(ctx.app, { name: "Ada Smith" });
    const order = await steps.placeOrder(customer);
    await cancel(customer, order._id);
    await enqueueAccountMail(ctx.db, customer.email, "company-invitation", invitation(DAY_MS));
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: ORIGIN,
      payload: { email: customer.email, redirectTo: "/resetpassword" },
    });
    expect(reset.statusCode).toBe(200);

    await expect.poll(() => subjectsTo(customer.email).length).toBe(2);
    // Many rounds of the sender (every 100 ms here) later, nothing more has left.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(subjectsTo(customer.email).sort()).toEqual([
      "Confirm your Forgeline Tools address",
      "Reset your Forgeline Tools password",
    ]);
    const held = await heldTo(customer.email);
    expect(held.map((mail) => [mail.template, mail.attempts, mail.sentAt])).toEqual([
      ["order-placed", 0, null],
      ["order-cancelled", 0, null],
      ["company-invitation", 0, null],
    ]);
  });

  it("on confirmation through the mailed link, releases per order the newest held mail of the last 7 days", async () => {
    const customer = await signUp(ctx.app);
    const cancelled = await steps.placeOrder(customer);
    await cancel(customer, cancelled._id);
    const open = await steps.placeOrder(customer);
    const old = await steps.placeOrder(customer);
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(sql`${mailOutbox.to} = ${customer.email} and ${mailOutbox.data}->>'orderId' = ${old._id}`);
    await enqueueAccountMail(ctx.db, customer.email, "company-invitation", invitation(-1000));
    const current = invitation(DAY_MS);
    await enqueueAccountMail(ctx.db, customer.email, "company-invitation", { ...current, companyName: "Bolt Co" });
    expect(await heldTo(customer.email)).toHaveLength(6);

    await expect.poll(() => subjectsTo(customer.email)).toEqual(["Confirm your Forgeline Tools address"]);
    const raw = smtp.received.find((mail) => mail.to.includes(customer.email))?.raw ?? "";
    const link = new URL(firstLink(raw) ?? "");
    expect((await ctx.app.inject({ method: "GET", url: link.pathname + link.search })).statusCode).toBe(302);

    await expect.poll(() => subjectsTo(customer.email).length).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subjectsTo(customer.email)).toEqual([
      "Confirm your Forgeline Tools address",
      `Your order ${cancelled.number} (${cancelled.order}) is cancelled`,
      `Your order ${open.number} (${open.order}) is placed`,
      "Join Bolt Co on Forgeline Tools",
    ]);
    const left = await mailsTo(ctx.db, customer.email);
    expect(left.every((mail) => mail.heldAt === null && mail.sentAt !== null)).toBe(true);
    expect(left).toHaveLength(4);
  });

  it("a mail written while the address is being confirmed leaves with the confirmation", async () => {
    const customer = await signUp(ctx.app);
    let confirming: Promise<void> | undefined;
    await ctx.db.transaction(async (tx) => {
      await enqueueAccountMail(tx, customer.email, "company-invitation", invitation(DAY_MS));
      confirming = markAddressConfirmed(ctx.app, customer.email);
      // On PostgreSQL the confirmation, on a connection of its own, waits for this transaction to end.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await confirming;
    expect(await heldTo(customer.email)).toEqual([]);
    await expect.poll(() => subjectsTo(customer.email)).toContain("Join Acme Tools on Forgeline Tools");
  });

  it("once confirmed, the address gets its mails at once", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const order = await steps.placeOrder(customer);
    await expect
      .poll(() => subjectsTo(customer.email))
      .toContain(`Your order ${order.number} (${order.order}) is placed`);
    expect(await heldTo(customer.email)).toEqual([]);
  });

  it("never holds a mail to an address without an account", async () => {
    const stranger = uniqueEmail("invited");
    await enqueueAccountMail(ctx.db, stranger, "company-invitation", invitation(DAY_MS));
    await expect.poll(() => subjectsTo(stranger)).toEqual(["Join Acme Tools on Forgeline Tools"]);
  });

  it("drops the held mails of an account that is deleted", async () => {
    const customer = await signUp(ctx.app);
    await steps.placeOrder(customer);
    expect(await heldTo(customer.email)).toHaveLength(1);
    const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, customer.email));
    await (await ctx.app.identity.$context).internalAdapter.deleteUser(user?.id ?? "");
    expect(await heldTo(customer.email)).toEqual([]);
  });

  it("releases nothing held before the account was made: an earlier account's mails at the address", async () => {
    const customer = await signUp(ctx.app);
    await steps.placeOrder(customer);
    await releaseHeldMails(ctx.db, customer.email, new Date(Date.now() + 1000));
    expect(await mailsTo(ctx.db, customer.email)).toHaveLength(1);
    expect((await mailsTo(ctx.db, customer.email))[0]?.template).toBe("verify-address");
  });

  it("drops held mails older than 7 days, and only those", async () => {
    const customer = await signUp(ctx.app);
    const first = await steps.placeOrder(customer);
    await steps.placeOrder(customer);
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '7 days 1 minute'` })
      .where(sql`${mailOutbox.to} = ${customer.email} and ${mailOutbox.data}->>'orderId' = ${first._id}`);
    await dropStaleHeldMails(ctx.db);
    expect((await heldTo(customer.email)).map((mail) => (mail.data as { orderId: string }).orderId)).not.toContain(
      first._id,
    );
    expect(await heldTo(customer.email)).toHaveLength(1);
  });
});

describe("no sender takes a held mail", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The app's own sender waits a minute before its first look: the claims below are the only ones.
    ctx = await createTestApp({ env: { MAIL_POLL_MS: "60000" } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("not by a claim, not after a lease ends, not by two senders at once", async () => {
    const customer = await signUp(ctx.app);
    const stranger = uniqueEmail("stranger");
    await enqueueAccountMail(ctx.db, customer.email, "company-invitation", invitation(DAY_MS));
    await enqueueAccountMail(ctx.db, stranger, "company-invitation", invitation(DAY_MS));
    const claimed: string[] = [];
    for (let round = 0; round < 3; round++) {
      const both = await Promise.all([claimNextMail(ctx.db, 100), claimNextMail(ctx.db, 100)]);
      for (const mail of both) if (mail) claimed.push(`${mail.to} ${mail.template}`);
      // Past the leases: whatever was claimed and not marked sent is due again.
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(claimed.filter((each) => each.startsWith(customer.email))).toEqual([
      `${customer.email} verify-address`,
      `${customer.email} verify-address`,
      `${customer.email} verify-address`,
    ]);
    expect(claimed.filter((each) => each.startsWith(stranger))).toHaveLength(3);
    const held = (await mailsTo(ctx.db, customer.email)).filter((mail) => mail.heldAt !== null);
    expect(held.map((mail) => [mail.template, mail.attempts, mail.leaseToken])).toEqual([
      ["company-invitation", 0, null],
    ]);
  });
});
