import type { Product } from "@forgeline/contract";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo as outboxTo } from "../mail/queries.js";
import { markAddressConfirmed, signUp, type TestAccount, uniqueEmail } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";

const SCAM = "Your account is locked - call +1 555 0100 now";

/** Issue 22, findings 1 and 5: what one account may make the shop do, and what it may make it say. */
describe("per-account allowances", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    // The shipped defaults (config.ts), not the fixtures' generous ones.
    ctx = await createTestApp({
      env: { SMTP_URL: smtp.url, ACCOUNT_ORDERS_PER_HOUR: "20", UNCONFIRMED_ORDERS_PER_DAY: "5" },
    });
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const placeOn = (account: TestAccount, tool: Product) =>
    steps.call("POST", "/api/ordering", account, { orderId: tool._id, quantity: 150, ...CONTACT });
  const cancel = (account: TestAccount, orderId: string) =>
    steps.call("POST", `/api/ordering/${orderId}/cancel`, account);
  const mailsTo = async (email: string) =>
    Promise.all(smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => simpleParser(mail.raw)));

  it("the mail-flood loop: an unconfirmed address gets 5 orders a day, and no mail but its confirmation", async () => {
    // Someone signs up with a stranger's address and a "name" that is a message to them.
    const victim = await signUp(ctx.app, { email: uniqueEmail("stranger"), name: SCAM });
    const tool = await steps.newTool();
    const statuses: number[] = [];
    for (let cycle = 0; cycle < 8; cycle++) {
      const placed = await placeOn(victim, tool);
      statuses.push(placed.statusCode);
      if (placed.statusCode !== 201) {
        expect(placed.statusCode).toBe(429);
        expect(Number(placed.headers["retry-after"])).toBeGreaterThan(23 * 3600);
        expect(placed.json().message).toBe(
          "Until you confirm your email address you can place at most 5 orders a day: open the link we mailed you, or try again in 24 hours.",
        );
        continue;
      }
      expect((await cancel(victim, placed.json().insertedId)).statusCode).toBe(200);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);

    // The address gets the confirmation mail only, which neither greets with nor quotes the chosen name.
    // The 5 × (placed, cancelled) wait in the outbox until it is confirmed (mail/hold.test.ts), without the
    // name either, so confirming would not deliver it.
    await expect.poll(async () => (await mailsTo(victim.email)).length, { timeout: 15_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mails = await mailsTo(victim.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Confirm your Forgeline Tools address"]);
    for (const mail of mails) {
      for (const part of [mail.text ?? "", String(mail.html)]) {
        expect(part).not.toContain("555 0100");
        expect(part).toContain("Hello,");
      }
    }
    const held = await outboxTo(ctx.db, victim.email);
    expect(held.filter((mail) => mail.heldAt !== null).map((mail) => mail.template)).toEqual(
      Array.from({ length: 5 }, () => ["order-placed", "order-cancelled"]).flat(),
    );
    expect(JSON.stringify(held)).not.toContain("555 0100");
    const listed = await steps.call("GET", `/api/ordering?userEmail=${victim.email}`, victim);
    expect(listed.json()).toHaveLength(5);
  });

  it("once the owner confirms the address, the hourly allowance applies and mails greet by name", async () => {
    const customer = await signUp(ctx.app, { name: "Ada Smith" });
    const tool = await steps.newTool();
    for (let n = 0; n < 5; n++) {
      const placed = await placeOn(customer, tool);
      expect(placed.statusCode).toBe(201);
      expect((await cancel(customer, placed.json().insertedId)).statusCode).toBe(200);
    }
    expect((await placeOn(customer, tool)).statusCode).toBe(429);
    await markAddressConfirmed(ctx.app, customer.email);
    const placed = await placeOn(customer, tool);
    expect(placed.statusCode).toBe(201);
    await expect
      .poll(
        async () => (await mailsTo(customer.email)).filter((mail) => mail.text?.includes(placed.json().insertedId)),
        { timeout: 15_000 },
      )
      .toHaveLength(1);
    const [mail] = (await mailsTo(customer.email)).filter((m) => m.text?.includes(placed.json().insertedId));
    expect(mail?.text).toContain("Hello Ada Smith,");
  });

  it("places at most 20 orders an hour per account, the modal and the cart's checkout together", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const tools = await Promise.all(Array.from({ length: 3 }, () => steps.newTool()));
    // 19 one at a time, then the cart's checkout takes the 20th; a burst after it gets nothing through.
    for (let n = 0; n < 19; n++) {
      const placed = await placeOn(customer, tools[n % 3] as Product);
      expect(placed.statusCode).toBe(201);
      expect((await cancel(customer, placed.json().insertedId)).statusCode).toBe(200);
    }
    const tool = tools[0] as Product;
    expect((await steps.call("PUT", `/api/cart/lines/${tool._id}`, customer, { quantity: 150 })).statusCode).toBe(200);
    const cart = await steps.call("GET", "/api/cart", customer);
    const checkout = (expectedTotal: number) =>
      steps.call("POST", "/api/cart/checkout", customer, { ...CONTACT, expectedTotal });
    expect((await checkout(cart.json().total)).statusCode).toBe(201);
    expect((await steps.call("PUT", `/api/cart/lines/${tool._id}`, customer, { quantity: 150 })).statusCode).toBe(200);
    const refused = await checkout(cart.json().total);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You can place at most 20 orders an hour\. Please try again in \d+ minutes\.$/,
    );
    const burst = await Promise.all(tools.map((t) => placeOn(customer, t)));
    expect(burst.map((answer) => answer.statusCode)).toEqual([429, 429, 429]);
    // Nothing was placed by the refused calls, and the cart still holds its line.
    const orders = await steps.call("GET", `/api/ordering?userEmail=${customer.email}`, customer);
    expect(orders.json()).toHaveLength(20);
    expect((await steps.call("GET", "/api/cart", customer)).json().lines).toHaveLength(1);
  });

  it("a refused request costs nothing: bad input is a 400 and leaves the allowance whole", async () => {
    const customer = await signUp(ctx.app);
    const tool = await steps.newTool();
    for (let n = 0; n < 10; n++) {
      const bad = await steps.call("POST", "/api/ordering", customer, { orderId: tool._id, quantity: 7, ...CONTACT });
      expect(bad.statusCode).toBe(400);
    }
    expect((await placeOn(customer, tool)).statusCode).toBe(201);
  });

  it("cancels at most 20 orders an hour per account; the 21st call is refused before anything is read", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const tool = await steps.newTool();
    const placed: string[] = [];
    for (let n = 0; n < 20; n++) {
      const answer = await placeOn(customer, tool);
      placed.push(answer.json().insertedId);
      expect((await cancel(customer, answer.json().insertedId)).statusCode).toBe(200);
    }
    const refused = await cancel(customer, placed[0] ?? "");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You can cancel at most 20 orders an hour\. Please try again in \d+ minutes\.$/,
    );
  });

  /** Fills the cart with one line and asks for a quote of it, as the cart page does. */
  async function requestQuote(account: TestAccount, tool: Product) {
    const line = await steps.call("PUT", `/api/cart/lines/${tool._id}`, account, { quantity: 150 });
    expect(line.statusCode).toBe(200);
    return steps.call("POST", "/api/quotes", account, { note: "Please price this." });
  }

  it("asks for at most 5 quotes a day until the address is confirmed, then 20: each one mails it", async () => {
    const customer = await signUp(ctx.app);
    const tool = await steps.newTool();
    for (let n = 0; n < 5; n++) expect((await requestQuote(customer, tool)).statusCode).toBe(201);
    const refused = await requestQuote(customer, tool);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    expect(refused.json().message).toBe(
      "Until you confirm your email address you can ask for at most 5 quotes a day: open the link we mailed you, or try again in 24 hours.",
    );
    // The refused request kept the cart's line; nothing was asked for.
    expect((await steps.call("GET", "/api/cart", customer)).json().lines).toHaveLength(1);
    expect((await steps.call("GET", "/api/quotes", customer)).json()).toHaveLength(5);

    await markAddressConfirmed(ctx.app, customer.email);
    for (let n = 0; n < 20; n++) expect((await requestQuote(customer, tool)).statusCode).toBe(201);
    const confirmedRefusal = await requestQuote(customer, tool);
    expect(confirmedRefusal.statusCode).toBe(429);
    expect(confirmedRefusal.json().message).toMatch(/^You can ask for at most 20 quotes a day\. Please try again/);
    expect((await steps.call("GET", "/api/quotes", customer)).json()).toHaveLength(25);
  });

  it("fills the cart from a list at most 60 times in 10 minutes per account", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const tool = await steps.newTool();
    const importRow = () => steps.call("POST", "/api/cart/import", customer, { text: `${tool.sku},150` });
    for (let n = 0; n < 60; n++) expect((await importRow()).statusCode).toBe(200);
    const refused = await importRow();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You can fill the cart from a list at most 60 times in 10 minutes\./);
  });

  it("makes at most 60 invoices, quotes and statements in 10 minutes per account", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const order = await steps.paidOrder(customer);
    const invoice = () => steps.call("GET", `/api/ordering/${order._id}/invoice`, customer);
    for (let n = 0; n < 60; n++) expect((await invoice()).statusCode).toBe(200);
    const refused = await invoice();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You can download at most 60 invoices, quotes and statements in 10 minutes\./,
    );
    // Another account's allowance is its own.
    expect((await steps.call("GET", `/api/ordering/${order._id}/invoice`, admin)).statusCode).toBe(200);
  });

  it("exports the orders at most 10 times in 10 minutes per admin", async () => {
    const exporter = await signUp(ctx.app, { admin: true });
    const exportOrders = () => steps.call("GET", "/api/admin/orders.csv", exporter);
    for (let n = 0; n < 10; n++) expect((await exportOrders()).statusCode).toBe(200);
    const refused = await exportOrders();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You can export the orders at most 10 times in 10 minutes\./);
  });
});
