import { dayInWords, type Order } from "@forgeline/contract";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps, VISA } from "../test/orders.js";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";

describe("the customer's mails about an order", () => {
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

  /** The mails the customer got about this order, oldest first, once `count` of them arrived. */
  async function mailsAbout(order: Order, count: number): Promise<ParsedMail[]> {
    const about = () => smtp.received.filter((mail) => mail.raw.includes(order.number));
    await expect.poll(() => about().length).toBe(count);
    return Promise.all(about().map((mail) => simpleParser(mail.raw)));
  }
  const admin_ = (order: Order, step: string, body?: object) =>
    steps.call("POST", `/api/admin/orders/${order._id}/${step}`, admin, body);

  it("placed, paid, shipped with the tracking link, delivered (no mail), refunded", async () => {
    // Confirmed: until then the address gets no order mail (mail/hold.test.ts).
    const customer = await signUp(ctx.app, { name: "Ada Smith", confirmed: true });
    const order = await steps.paidOrder(customer);
    const shipped = await admin_(order, "ship", {
      carrier: "DHL",
      trackingNumber: "00340434",
      trackingUrl: "https://www.dhl.com/track?id=00340434",
    });
    expect(shipped.statusCode).toBe(200);
    expect((await admin_(order, "deliver")).statusCode).toBe(200);
    expect((await admin_(order, "refund", { restock: false })).statusCode).toBe(200);

    const mails = await mailsAbout(order, 4);
    expect(mails.map((mail) => [mail.to && "text" in mail.to ? mail.to.text : "", mail.subject])).toEqual([
      [customer.email, `Your order ${order.number} (${order.order}) is placed`],
      [customer.email, `Payment receipt: invoice ${order.invoiceNumber} for order ${order.number}`],
      [customer.email, `Your order ${order.number} (${order.order}) is on its way`],
      [customer.email, `Your order ${order.number} (${order.order}) is refunded`],
    ]);
    const [placed, receipt, onItsWay, refunded] = mails.map((mail) => mail.text ?? "");
    expect(placed).toContain(`http://localhost:5000/dashboard/payment/${order._id}`);
    expect(receipt).toContain(
      `We received your payment of $1,500.00 (payment reference ${order.transactionId}). Your invoice number is ${order.invoiceNumber}; the invoice (PDF) is on the order's page.`,
    );
    expect(receipt).toContain(`http://localhost:5000/dashboard/myorders/${order._id}`);
    expect(onItsWay).toContain("We shipped your order with DHL. The tracking number is 00340434.");
    expect(onItsWay).toContain("https://www.dhl.com/track?id=00340434");
    expect(String(mails[2]?.html)).toContain('<a href="https://www.dhl.com/track?id=00340434"');
    expect(refunded).toContain("We refunded the whole amount of your order, $1,500.00, to the card that paid it.");
  });

  it("cancelled by the customer, and by withdrawing the tool, each with its reason", async () => {
    const customer = await signUp(ctx.app, { confirmed: true });
    const own = await steps.placeOrder(customer);
    expect((await steps.call("POST", `/api/ordering/${own._id}/cancel`, customer)).statusCode).toBe(200);
    const [, cancelled] = await mailsAbout(own, 2);
    expect(cancelled?.subject).toBe(`Your order ${own.number} (${own.order}) is cancelled`);
    expect(cancelled?.text).toContain("Your order is cancelled. No money was taken.");
    expect(cancelled?.text).toContain("Reason: Cancelled by the customer");

    const tool = await steps.newTool();
    const waiting = await steps.placeOrder(customer, tool);
    expect((await steps.call("DELETE", `/api/product/${tool._id}`, admin)).statusCode).toBe(200);
    const [, withdrawn] = await mailsAbout(waiting, 2);
    expect(withdrawn?.text).toContain("Reason: The tool was withdrawn from the catalogue.");
  });

  it("sends nothing for a change that did not happen: a payment refused for the stock", async () => {
    const [first, second] = (await Promise.all([
      signUp(ctx.app, { confirmed: true }),
      signUp(ctx.app, { confirmed: true }),
    ])) as [TestAccount, TestAccount];
    const tool = await steps.newTool(150);
    const winner = await steps.placeOrder(first, tool);
    const loser = await steps.placeOrder(second, tool);
    // Both start paying while the stock covers each order; the first to finish takes it.
    const intents = await Promise.all(
      [
        [first, winner],
        [second, loser],
      ].map(([account, order]) =>
        steps.call("POST", "/api/create-payment-intent", account as TestAccount, {
          orderId: (order as Order)._id,
          price: (order as Order).price,
        }),
      ),
    );
    const confirm = (account: TestAccount, i: number) =>
      steps.call("POST", "/api/payments/test/confirm", account, {
        clientSecret: intents[i]?.json().clientSecret,
        ...VISA,
      });
    expect((await confirm(first, 0)).statusCode).toBe(200);
    expect((await confirm(second, 1)).statusCode).toBe(409);
    const paid = (await steps.call("GET", `/api/ordering/${winner._id}`, first)).json<Order>();
    expect((await mailsAbout(winner, 2)).map((mail) => mail.subject)).toEqual([
      `Your order ${winner.number} (${winner.order}) is placed`,
      `Payment receipt: invoice ${paid.invoiceNumber} for order ${paid.number}`,
    ]);
    expect((await mailsAbout(loser, 1)).map((mail) => mail.subject)).toEqual([
      `Your order ${loser.number} (${loser.order}) is placed`,
    ]);
  });

  describe("an order on account", () => {
    let owner: TestAccount;
    let buyer: TestAccount;
    let requester: TestAccount;
    let companyId = "";

    beforeAll(async () => {
      [owner, buyer, requester] = [
        await signUp(ctx.app, { confirmed: true }),
        await signUp(ctx.app, { confirmed: true }),
        await signUp(ctx.app, { name: "Rita Requester", confirmed: true }),
      ];
      const [company] = await ctx.db
        .insert(companies)
        .values({ name: "Acme Works", createdBy: owner.email })
        .returning();
      companyId = company?.id ?? "";
      await ctx.db.insert(companyMembers).values([
        { email: owner.email, companyId, role: "owner" },
        { email: buyer.email, companyId, role: "buyer" },
        { email: requester.email, companyId, role: "requester" },
      ]);
      const terms = await steps.call("PATCH", `/api/admin/companies/${companyId}`, admin, {
        paymentTerms: { netDays: 30, creditLimit: 100_000 },
      });
      expect(terms.statusCode, terms.body).toBe(200);
    });

    async function orderOnAccount(who: TestAccount): Promise<Order> {
      const tool = await steps.newTool();
      const placed = await steps.call("POST", "/api/ordering", who, {
        orderId: tool._id,
        quantity: 150,
        ...CONTACT,
        paymentMethod: "invoice",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return (await steps.call("GET", `/api/ordering/${placed.json().insertedId}`, who)).json<Order>();
    }
    const textOf = (mail: ParsedMail | undefined) => mail?.text ?? "";
    const toOf = (mail: ParsedMail | undefined) => (mail?.to && "text" in mail.to ? mail.to.text : "");
    const noWayToPayNow = (text: string) => {
      expect(text).not.toContain("/dashboard/payment/");
      expect(text).not.toMatch(/Pay for the order|Pay \$/);
    };

    it("placed: pay by invoice, no link to pay now", async () => {
      const order = await orderOnAccount(buyer);
      const [placed] = await mailsAbout(order, 1);
      expect(placed?.subject).toBe(`Your order ${order.number} (${order.order}) is placed`);
      const text = textOf(placed);
      expect(text).toContain("Payment: Pay by invoice (net 30)");
      expect(text).toContain(
        "Pay by invoice (net 30): we send the tools with the invoice, due 30 days after they ship. You can cancel the order from My Orders until it ships.",
      );
      expect(text).toContain(`http://localhost:5000/dashboard/myorders/${order._id}`);
      noWayToPayNow(text);
    });

    it("a requester's: waits for an owner to go ahead, then approved with nothing to pay now", async () => {
      const order = await orderOnAccount(requester);
      expect(order.status).toBe("awaiting-approval");
      const approved = await steps.call("POST", `/api/companies/${companyId}/orders/${order._id}/approve`, owner);
      expect(approved.statusCode, approved.body).toBe(200);

      // The requester's "awaits approval", the owner's "awaits your approval", then the requester's approval.
      const mails = await mailsAbout(order, 3);
      const bySubject = (subject: string) => mails.find((mail) => mail.subject === subject);
      const awaiting = bySubject(`Your order ${order.number} (${order.order}) awaits approval`);
      expect(textOf(awaiting)).toContain("An owner of your company approves this order before it goes ahead:");
      const asked = bySubject(`An order ${order.number} (${order.order}) awaits your approval`);
      expect(toOf(asked)).toBe(owner.email);
      expect(textOf(asked)).toContain("It holds no stock and does not ship until an owner approves it.");
      const mail = bySubject(`Your order ${order.number} (${order.order}) is approved`);
      expect(toOf(mail)).toBe(requester.email);
      expect(textOf(mail)).toContain("Payment: Pay by invoice (net 30)");
      expect(textOf(mail)).toContain("Pay by invoice (net 30): we send the tools with the invoice");
      noWayToPayNow(textOf(mail));
    });

    it("shipped: its invoice is due by the day, the invoice with the bank details on the order's page", async () => {
      const order = await orderOnAccount(buyer);
      const shipped = await admin_(order, "ship", { carrier: "DHL", trackingNumber: "00340435" });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const { invoice } = shipped.json<Order>();

      const [, mail] = await mailsAbout(order, 2);
      expect(mail?.subject).toBe(`Your order ${order.number} (${order.order}) is on its way`);
      expect(textOf(mail)).toContain("We shipped your order with DHL. The tracking number is 00340435.");
      expect(textOf(mail)).toContain(
        `Invoice ${invoice?.number} is due by ${dayInWords(invoice?.dueAt ?? "")}. The invoice (PDF), with our bank details, is on the order's page.`,
      );
      expect(textOf(mail)).toContain("Payment: Pay by invoice (net 30)");
    });
  });
});
