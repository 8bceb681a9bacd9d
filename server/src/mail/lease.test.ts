import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { smtpMailer } from "./mailer.js";
import { enqueueMail, mailsTo } from "./queries.js";
import { startOutboxSender } from "./sender.js";

/**
 * Round 3 finding 3: the sender leased 20 mails at once and sent them one after another, so with a slow
 * mail server the last ones outlived the lease and another instance sent them again. Each mail now has a
 * lease of its own, taken just before it is sent, and only its holder may mark it sent.
 */
describe("the outbox leases each mail on its own", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

  beforeAll(async () => {
    // A mail server that takes 300 ms per mail.
    smtp = await startSmtpStandIn(0, 300);
    // The app's own sender waits a minute before its first look: the two senders below are the only ones.
    ctx = await createTestApp({ env: { MAIL_POLL_MS: "60000" } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("two senders and a slow mail server: every mail goes out exactly once", { timeout: 60_000 }, async () => {
    const to = "slow-server@example.com";
    for (let i = 0; i < 20; i += 1) await enqueueMail(ctx.db, to, "account-exists", { link: `http://x/${i}` });
    // A lease of 5 s: the old batch of 20 mails at 300 ms each (6 s) would outlive it; one mail never does.
    const sender = () =>
      startOutboxSender({
        db: ctx.db,
        mailer: smtpMailer(smtp.url, "shop@example.com"),
        shop: { publicUrl: "http://localhost:5000", bankDetails: "Forgeline Tools Ltd · IBAN GB00 TEST" },
        log: ctx.app.log,
        pollMs: 50,
        retryMs: 100,
        leaseMs: 5000,
      });
    const senders = [sender(), sender()];
    try {
      await expect
        .poll(async () => (await mailsTo(ctx.db, to)).filter((mail) => mail.sentAt).length, { timeout: 40_000 })
        .toBe(20);
      // Long enough for a lease to end and a second sender to take a mail again, if it could.
      await new Promise((resolve) => setTimeout(resolve, 5500));
    } finally {
      await Promise.all(senders.map((each) => each.stop()));
    }
    const links = smtp.received.map((mail) => mail.raw.match(/http:\/\/x\/\d+/)?.[0]).sort();
    expect(links).toEqual(Array.from({ length: 20 }, (_, i) => `http://x/${i}`).sort());
    expect((await mailsTo(ctx.db, to)).every((mail) => mail.attempts === 1)).toBe(true);
  });
});
