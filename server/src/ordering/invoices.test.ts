import { dayInWords, ON_ACCOUNT_MESSAGES, type Order } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";
import { accountInvoices } from "./money-tables.js";
import { orders } from "./tables.js";

const SELLER = {
  SHOP_NAME: "Forgeline Tools Ltd",
  SHOP_ADDRESS: "1 Anvil Road, Sheffield S1 2AB, United Kingdom",
  SHOP_TAX_ID: "GB123456789",
};
const YEAR = new Date().getUTCFullYear();
const numberOf = (order: Order) => Number(order.invoiceNumber?.slice(-6));

describe("invoices", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: SELLER });
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app, { name: "Łukasz Żółć" });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const invoice = (id: string, account: TestAccount | null) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${id}/invoice`,
      headers: account ? bearer(account.token) : {},
    });

  it("numbers each paid order's invoice in turn, and an unpaid order has none", async () => {
    const unpaid = await steps.placeOrder(customer);
    expect(unpaid.invoiceNumber).toBeNull();
    const first = await steps.paidOrder(customer);
    const second = await steps.paidOrder(customer);
    expect(first.invoiceNumber).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(numberOf(second)).toBe(numberOf(first) + 1);
  });

  it("gives concurrent payments different numbers with none skipped, even when one payment fails", async () => {
    const before = await steps.paidOrder(customer);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app)));
    const scarce = await steps.newTool(150);
    const orders = await Promise.all(buyers.map((buyer) => steps.placeOrder(buyer, scarce)));
    // Eight payments at once for a tool that has stock for one: one is paid, seven are refused
    // for the stock; together with eight payments of other tools at the same time.
    const others = await Promise.all(buyers.map((buyer) => steps.placeOrder(buyer)));
    const answers = await Promise.all(
      [...orders, ...others].map((order, i) => steps.pay(buyers[i % buyers.length] as TestAccount, order)),
    );
    expect(answers.map((answer) => answer.statusCode).filter((status) => status === 200)).toHaveLength(9);
    const after = await Promise.all(
      [...orders, ...others].map(async (order, i) => {
        const read = await steps.call("GET", `/api/ordering/${order._id}`, buyers[i % buyers.length] as TestAccount);
        return read.json<Order>();
      }),
    );
    const numbers = after
      .filter((order) => order.invoiceNumber)
      .map(numberOf)
      .sort((a, b) => a - b);
    expect(numbers).toHaveLength(9);
    expect(numbers).toEqual(Array.from({ length: 9 }, (_, i) => numberOf(before) + 1 + i));
    expect(after.filter((order) => order.status === "unpaid").every((order) => order.invoiceNumber === null)).toBe(
      true,
    );
  });

  it("serves the owner a PDF with seller, buyer, the line, the payment, the invoice and order numbers", async () => {
    const order = await steps.paidOrder(customer);
    const answer = await invoice(order._id, customer);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${order.invoiceNumber}.pdf"`);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(answer.rawPayload);
    for (const words of [
      `Invoice ${order.invoiceNumber}`,
      `Order number: ${order.number}`,
      "Forgeline Tools Ltd",
      "1 Anvil Road, Sheffield S1 2AB, United Kingdom",
      "Tax ID: GB123456789",
      "Łukasz Żółć",
      customer.email,
      "5550100000",
      "1 Yard Road",
      order.order,
      "150",
      "$10.00",
      "$1,500.00",
      `payment reference ${order.transactionId}`,
      `Date: ${dayInWords(order.statusHistory.at(-1)?.at ?? "")}`,
    ]) {
      expect(text).toContain(words);
    }
  });

  it("serves any order's invoice to an admin; someone else's or an unknown order is 404, an unpaid one 409", async () => {
    const order = await steps.paidOrder(customer);
    expect((await invoice(order._id, admin)).statusCode).toBe(200);
    const stranger = await signUp(ctx.app);
    const foreign = await invoice(order._id, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("No such order.");
    expect((await invoice("00000000-0000-4000-8000-000000000000", customer)).statusCode).toBe(404);
    const unpaid = await steps.placeOrder(customer);
    const refused = await invoice(unpaid._id, customer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This order is unpaid; an order has an invoice once it is paid.");
    expect((await invoice(order._id, null)).statusCode).toBe(401);
    expect((await invoice("not-an-id", customer)).statusCode).toBe(400);
  });

  it("keeps the invoice of a refunded order", async () => {
    const order = await steps.paidOrder(customer);
    const refunded = await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true });
    expect(refunded.json()).toMatchObject({ status: "refunded", invoiceNumber: order.invoiceNumber });
    expect((await invoice(order._id, customer)).statusCode).toBe(200);
  });
});

describe("an invoice on a local run without the seller's details", () => {
  it("prints the demo shop's address and no tax ID line: never a placeholder", async () => {
    const ctx = await createTestApp();
    try {
      const admin = await signUp(ctx.app, { admin: true });
      const customer = await signUp(ctx.app);
      const order = await orderSteps(ctx.app, admin).paidOrder(customer);
      const answer = await ctx.app.inject({
        method: "GET",
        url: `/api/ordering/${order._id}/invoice`,
        headers: bearer(customer.token),
      });
      const text = await pdfText(answer.rawPayload);
      expect(text).toContain("1 Anvil Road, Springfield");
      expect(text).not.toMatch(/\(set |not set|Tax ID/);
    } finally {
      await ctx.close();
    }
  });
});

describe("an invoice whose seller's address starts with the seller's name", () => {
  it("names the seller once", async () => {
    const ctx = await createTestApp({
      env: { ...SELLER, SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Sheffield S1 2AB" },
    });
    try {
      const admin = await signUp(ctx.app, { admin: true });
      const customer = await signUp(ctx.app);
      const order = await orderSteps(ctx.app, admin).paidOrder(customer);
      const answer = await ctx.app.inject({
        method: "GET",
        url: `/api/ordering/${order._id}/invoice`,
        headers: bearer(customer.token),
      });
      const text = await pdfText(answer.rawPayload);
      expect(text).toContain("Seller Forgeline Tools Ltd, 1 Anvil Road, Sheffield S1 2AB Tax ID: GB123456789");
      expect(text.match(/Forgeline Tools Ltd/g)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});

/**
 * Invoices on account (docs/BUYING-ON-ACCOUNT.md, 'Invoices on account'): shipping an order on account issues its
 * invoice, due its net days later, and the PDF says so with where to pay.
 */
describe("invoices on account", () => {
  const BANK = "Forgeline Tools Ltd\\nIBAN GB29 NWBK 6016 1331 9268 19\\nBIC NWBKGB2L";
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { ...SELLER, SHOP_BANK_DETAILS: BANK } });
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    steps = orderSteps(ctx.app, admin);
    // The customer buys for a company with terms: net 30, credit for every order these tests place.
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: "Ledger Works", createdBy: customer.email })
      .returning();
    await ctx.db.insert(companyMembers).values({ email: customer.email, companyId: company?.id ?? "", role: "owner" });
    const terms = await steps.call("PATCH", `/api/admin/companies/${company?.id}`, admin, {
      paymentTerms: { netDays: 30, creditLimit: 100_000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
  });
  afterAll(() => ctx.close());

  const read = async (order: Order) => (await steps.call("GET", `/api/ordering/${order._id}`, customer)).json<Order>();
  const ship = (order: Order) =>
    steps.call("POST", `/api/admin/orders/${order._id}/ship`, admin, { carrier: "DHL", trackingNumber: "00340434" });
  const invoice = (order: Order) =>
    ctx.app.inject({ method: "GET", url: `/api/ordering/${order._id}/invoice`, headers: bearer(customer.token) });

  /** An order on account with a PO number: 150 pieces at $10. */
  async function orderOnAccount(): Promise<Order> {
    const tool = await steps.newTool();
    const placed = await steps.call("POST", "/api/ordering", customer, {
      orderId: tool._id,
      quantity: 150,
      ...CONTACT,
      poNumber: "PO-7731",
      paymentMethod: "invoice",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return (await steps.call("GET", `/api/ordering/${placed.json().insertedId}`, customer)).json<Order>();
  }

  it("ships unpaid and is invoiced in the same step: the next number, dated the ship time, due 30 days later", async () => {
    const before = await steps.paidOrder(customer);
    const order = await orderOnAccount();
    expect(order).toMatchObject({ paymentMethod: "invoice", netDays: 30, invoice: null, invoiceNumber: null });
    expect((await invoice(order)).json().message).toBe(
      "This order is unpaid; an order on account has an invoice once it ships.",
    );

    const shipped = await ship(order);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const after = await read(order);
    const number = `INV-${YEAR}-${String(numberOf(before) + 1).padStart(6, "0")}`;
    const shippedAt = after.statusHistory.at(-1);
    expect(shippedAt?.status).toBe("shipped");
    expect(after).toMatchObject({
      status: "shipped",
      fulfilmentStatus: "shipped",
      paymentStatus: "unpaid",
      paid: false,
      invoiceNumber: number,
      amountPaid: 0,
      balance: 1500,
      overdue: false,
      invoice: { number, issuedAt: shippedAt?.at },
    });
    expect(Date.parse(after.invoice?.dueAt ?? "") - Date.parse(after.invoice?.issuedAt ?? "")).toBe(30 * 86_400_000);
    expect(shipped.json()).toMatchObject({ invoiceNumber: number, invoice: after.invoice });

    // The next invoice, whichever way it is issued, takes the number after.
    expect(numberOf(await steps.paidOrder(customer))).toBe(numberOf(after) + 1);
  });

  it("downloads as a PDF with its due date, the PO number, what was paid, the balance and the bank details", async () => {
    const order = await orderOnAccount();
    expect((await ship(order)).statusCode).toBe(200);
    const shipped = await read(order);
    const answer = await invoice(order);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${shipped.invoiceNumber}.pdf"`);
    const text = await pdfText(answer.rawPayload);
    for (const words of [
      `Invoice ${shipped.invoiceNumber}`,
      `Date: ${dayInWords(shipped.invoice?.issuedAt ?? "")}`,
      `Payment due by ${dayInWords(shipped.invoice?.dueAt ?? "")} (net 30)`,
      "PO number: PO-7731",
      "Total $1,500.00",
      "Amount paid $0.00",
      "Balance due $1,500.00",
      `Please pay by bank transfer, quoting ${shipped.invoiceNumber}, to:`,
      "Forgeline Tools Ltd IBAN GB29 NWBK 6016 1331 9268 19 BIC NWBKGB2L",
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain("Paid by card");
  });

  it("still ships a card order only once paid", async () => {
    const unpaid = await steps.placeOrder(customer);
    const refused = await ship(unpaid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This order is unpaid; only a paid order can be shipped.");
    expect(await read(unpaid)).toMatchObject({ status: "unpaid", invoiceNumber: null, invoice: null });
    // Paid and shipped, it keeps the invoice its payment issued, with no due date.
    const paid = await steps.paidOrder(customer);
    expect((await ship(paid)).statusCode).toBe(200);
    expect(await read(paid)).toMatchObject({
      invoiceNumber: paid.invoiceNumber,
      invoice: { number: paid.invoiceNumber, dueAt: null },
      overdue: false,
    });
  });

  it("lists the payment method, due date and balance in the admins' CSV", async () => {
    const order = await orderOnAccount();
    expect((await ship(order)).statusCode).toBe(200);
    const shipped = await read(order);
    const exported = await steps.call("GET", `/api/admin/orders.csv?q=${shipped.number}`, admin);
    expect(exported.statusCode).toBe(200);
    const [header, row] = exported.body.trim().split("\r\n");
    expect(header).toContain('"Payment method","Due at","Balance (USD)"');
    expect(row).toContain(`"invoice","${shipped.invoice?.dueAt}","1500.00"`);
  });

  // Last: an invoice more than 30 days overdue stops the company's new orders on account.
  it("is overdue once its due date has passed with a balance left", async () => {
    const order = await orderOnAccount();
    expect((await ship(order)).statusCode).toBe(200);
    const due = new Date("2020-01-15T12:00:00Z");
    await ctx.db.update(orders).set({ invoiceDueAt: due }).where(eq(orders.id, order._id));
    await ctx.db.update(accountInvoices).set({ dueAt: due }).where(eq(accountInvoices.orderId, order._id));
    const overdue = await read(order);
    expect(overdue).toMatchObject({ overdue: true, balance: 1500, invoice: { dueAt: "2020-01-15T12:00:00.000Z" } });
    const admins = await steps.call("GET", `/api/admin/orders/${order._id}`, admin);
    expect(admins.json()).toMatchObject({ overdue: true });
    expect(await pdfText((await invoice(order)).rawPayload)).toContain("Payment due by 15 January 2020 (net 30)");
    const held = await steps.call("POST", "/api/ordering", customer, {
      orderId: (await steps.newTool())._id,
      quantity: 150,
      ...CONTACT,
      paymentMethod: "invoice",
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(ON_ACCOUNT_MESSAGES.onHold(overdue.invoiceNumber ?? ""));
  });
});
