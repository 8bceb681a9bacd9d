import {
  type AdminReceivables,
  type CompanyCredit,
  type CompanyStatement,
  CREDIT_NOTE_MESSAGES,
  type OrderWithCredit,
  RECEIVABLES_MESSAGES,
  SHIPMENT_MESSAGES,
  type Shipment,
} from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../mail/queries.js";
import { sendDueReminders } from "../receivables/reminders.js";
import { bearer, markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { pdfText } from "../test/pdf.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

const DAY_MS = 86_400_000;
const TRACKING = { carrier: "DHL", trackingNumber: "JD0047" };

/**
 * Invoices per shipment on account (docs/decisions/077-invoices-per-shipment.md): each shipment of an order on account
 * issues its own invoice, with its own number, dates and share of the total, and the receivables, statements,
 * reminders, payments and credit notes work per invoice.
 */
describe("invoices per shipment on account", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;
  let main: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
    main = (await stockSteps(ctx.app, admin).warehouses())[0]?._id ?? "";
  });
  afterAll(() => ctx.close());

  const get = <Body>(url: string, who: TestAccount) =>
    steps.call("GET", url, who).then((answer) => answer.json<Body>());
  const orderOf = (id: string, who: TestAccount) => get<OrderWithCredit>(`/api/ordering/${id}`, who);
  const invoiceOf = (shipment: Shipment | undefined) => {
    if (!shipment?.invoice) throw new Error(`shipment ${shipment?.number} has no invoice`);
    return shipment.invoice;
  };
  const download = (url: string, who: TestAccount | null) =>
    ctx.app.inject({ method: "GET", url, headers: who ? bearer(who.token) : {} });

  /**
   * A company's $1,000 order on account (100 pieces at $10), 40 pieces shipped with their invoice dated 70 days ago
   * (so due 40 days ago), then the other 60 shipped today by Ship: two invoices.
   */
  async function shippedInTwo(name: string) {
    const company = await steps.companyOnAccount(name, ["owner", "requester"]);
    const id = await steps.placed(company.buyer, 1000);
    const productId = (await orderOf(id, company.buyer)).orderId;
    const part = await steps.call("POST", `/api/admin/orders/${id}/shipments`, admin, {
      ...TRACKING,
      warehouseId: main,
      lines: [{ productId, quantity: 40 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const first = invoiceOf(part.json<OrderWithCredit>().shipments[0]);
    await steps.issuedAt({ _id: id }, new Date(Date.now() - 70 * DAY_MS), first.number);
    const rest = await steps.call("POST", `/api/admin/orders/${id}/ship`, admin, TRACKING);
    expect(rest.statusCode, rest.body).toBe(200);
    const order = await orderOf(id, company.buyer);
    return { ...company, id, order, first: invoiceOf(order.shipments[0]), second: invoiceOf(order.shipments[1]) };
  }

  it("issues an invoice per shipment: its own number, dates and share, the two adding up to the total", async () => {
    const { buyer } = await steps.companyOnAccount("Parts Co");
    const id = await steps.placed(buyer, 1000);
    const productId = (await orderOf(id, buyer)).orderId;
    const part = await steps.call("POST", `/api/admin/orders/${id}/shipments`, admin, {
      ...TRACKING,
      warehouseId: main,
      lines: [{ productId, quantity: 40 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const afterPart = await orderOf(id, buyer);
    const first = invoiceOf(afterPart.shipments[0]);
    expect(afterPart).toMatchObject({
      fulfilmentStatus: "partially-shipped",
      paymentStatus: "unpaid",
      invoiceNumber: first.number,
      // What is owed is what the invoice bills: the 60 pieces still to ship owe nothing yet.
      balance: 400,
      overdue: false,
    });
    expect(first).toEqual({
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      issuedAt: expect.any(String),
      dueAt: new Date(Date.parse(first.issuedAt) + 30 * DAY_MS).toISOString(),
      amount: 400,
      balance: 400,
    });
    expect(afterPart.statusHistory.at(-1)?.note).toBe(`In part, 40 pieces: DHL JD0047. Invoice ${first.number}`);
    // Its mail names its own invoice and due date.
    const mail = (await mailsTo(ctx.db, buyer.email)).filter((row) => row.template === "order-shipped").at(-1);
    expect(mail?.data).toMatchObject({ invoiceNumber: first.number, onAccount: { dueAt: first.dueAt } });

    const whole = await steps.call("POST", `/api/admin/orders/${id}/ship`, admin, TRACKING);
    expect(whole.statusCode, whole.body).toBe(200);
    const after = await orderOf(id, buyer);
    const second = invoiceOf(after.shipments[1]);
    // The next number of the gapless sequence, the rest of the total, its own dates.
    const sequence = (number: string) => Number(number.slice(-6));
    expect(sequence(second.number)).toBe(sequence(first.number) + 1);
    expect(second).toMatchObject({ amount: 600, balance: 600 });
    expect(Date.parse(second.issuedAt)).toBeGreaterThan(Date.parse(first.issuedAt));
    expect(Math.round((first.amount + second.amount) * 100)).toBe(Math.round(after.price * 100));
    expect(after).toMatchObject({ fulfilmentStatus: "shipped", invoiceNumber: first.number, balance: 1000 });
    // The order has no one invoice for its whole total: each shipment has its own PDF.
    const orderPdf = await download(`/api/ordering/${id}/invoice`, buyer);
    expect(orderPdf.statusCode).toBe(409);
    expect(orderPdf.json().message).toBe(SHIPMENT_MESSAGES.invoicedPerShipment(2));
  });

  it("says each invoice on the statement and ages each by its own due date in the receivables", async () => {
    const { buyer, companyId, id, first, second } = await shippedInTwo("Aging Co");
    const statementOf = (month: string) =>
      get<CompanyStatement>(`/api/companies/${companyId}/statement?month=${month}`, buyer);
    const now = await statementOf(new Date().toISOString().slice(0, 7));
    expect(now.openInvoices.map(({ number, total, balance, dueAt }) => ({ number, total, balance, dueAt }))).toEqual([
      { number: first.number, total: 400, balance: 400, dueAt: first.dueAt },
      { number: second.number, total: 600, balance: 600, dueAt: second.dueAt },
    ]);
    // 40 days and the moments since: a day begun counts.
    expect(now.openInvoices[0]?.daysOverdue).toBe(41);
    expect(now).toMatchObject({
      owed: 1000,
      aging: { current: 600, days1To30: 0, days31To60: 400, days61To90: 0, over90: 0 },
      credit: { used: 1000, hold: { invoiceNumber: first.number, dueAt: first.dueAt } },
    });
    expect(now.entries.find((entry) => entry.kind === "invoice")).toMatchObject({
      reference: second.number,
      amount: 600,
      invoice: { orderId: id, number: second.number, dueAt: second.dueAt },
    });
    const then = await statementOf(first.issuedAt.slice(0, 7));
    expect(then.entries.find((entry) => entry.kind === "invoice")).toMatchObject({
      reference: first.number,
      amount: 400,
      invoice: { orderId: id, number: first.number, dueAt: first.dueAt },
    });
    // The PDF of each month names the invoice issued in it.
    const pdfOf = async (month: string) =>
      pdfText((await download(`/api/companies/${companyId}/statement.pdf?month=${month}`, buyer)).rawPayload);
    expect(await pdfOf(new Date().toISOString().slice(0, 7))).toContain(`Invoice ${second.number} for order`);
    expect(await pdfOf(first.issuedAt.slice(0, 7))).toContain(`Invoice ${first.number} for order`);

    const receivables = await get<AdminReceivables>("/api/admin/receivables?limit=100", admin);
    expect(receivables.companies.find((row) => row.companyId === companyId)).toMatchObject({
      used: 1000,
      owed: 1000,
      overdue: 400,
      aging: { current: 600, days31To60: 400 },
      hold: true,
    });
  });

  it("puts a payment against one shipment's invoice, and a credit note against one invoice", async () => {
    const { buyer, companyId, id, first, second } = await shippedInTwo("Allocations Co");
    const above = await steps.pay(companyId, 700, {
      allocations: [{ orderId: id, invoiceNumber: second.number, amount: 700 }],
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(RECEIVABLES_MESSAGES.aboveInvoiceBalance(second.number, "$600.00"));
    const paid = await steps.pay(companyId, 600, {
      allocations: [{ orderId: id, invoiceNumber: second.number, amount: 600 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().allocations).toEqual([
      { orderId: id, number: expect.any(String), invoiceNumber: second.number, amount: 600 },
    ]);
    const afterPayment = await orderOf(id, buyer);
    expect(afterPayment).toMatchObject({ paymentStatus: "partially-paid", amountPaid: 600, balance: 400 });
    expect(afterPayment.shipments.map((shipment) => shipment.invoice?.balance)).toEqual([400, 0]);
    const statement = await get<CompanyStatement>(`/api/companies/${companyId}/statement`, buyer);
    expect(statement.openInvoices.map((invoice) => invoice.number)).toEqual([first.number]);
    expect(statement.entries.filter((entry) => entry.kind === "allocation")).toEqual([
      expect.objectContaining({ amount: 600, invoice: expect.objectContaining({ number: second.number }) }),
    ]);

    // A credit note is against one invoice: the order's two must be told apart, and one credits at most its own.
    const unnamed = await steps.credit(id, { amount: 50 });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().message).toBe(CREDIT_NOTE_MESSAGES.whichInvoice([first.number, second.number]));
    const elsewhere = await steps.credit(id, { amount: 50, invoiceNumber: "INV-1999-000001" });
    expect(elsewhere.statusCode).toBe(404);
    const tooMuch = await steps.credit(id, { amount: 401, invoiceNumber: first.number });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(CREDIT_NOTE_MESSAGES.aboveInvoice(first.number, "$400.00"));
    const credited = await steps.credit(id, { amount: 100, invoiceNumber: first.number });
    expect(credited.statusCode, credited.body).toBe(201);
    const after = credited.json<OrderWithCredit>();
    expect(after.creditNotes).toEqual([expect.objectContaining({ amount: 100, invoiceNumber: first.number })]);
    expect(after).toMatchObject({ credited: 100, balance: 300, paymentStatus: "partially-paid" });
    expect(after.shipments.map((shipment) => shipment.invoice?.balance)).toEqual([300, 0]);
    const note = after.creditNotes[0]?.number ?? "";
    const notePdf = await pdfText((await download(`/api/ordering/${id}/credit-notes/${note}`, buyer)).rawPayload);
    expect(notePdf).toContain(`Credits invoice ${first.number}`);
    expect(notePdf).toContain(`Invoice ${first.number} total $400.00`);
    // Crediting the paid invoice gives its money back as the company's credit.
    const back = await steps.credit(id, { invoiceNumber: second.number });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json<OrderWithCredit>().creditNotes.at(-1)).toMatchObject({ amount: 600 });
    const credit = await get<{ unallocatedCredit: number }>(`/api/companies/${companyId}/statement`, buyer);
    expect(credit.unallocatedCredit).toBe(600);
  });

  it("reminds of each invoice by its own due date, once each", async () => {
    const { buyer, first, second } = await shippedInTwo("Reminders Co");
    const reminders = async () =>
      (await mailsTo(ctx.db, buyer.email))
        .filter((mail) => mail.template === "invoice-reminder")
        .map((mail) => mail.data as { step: string; invoiceNumber: string; balance: string });
    await sendDueReminders(ctx.db);
    await sendDueReminders(ctx.db);
    // The first is 40 days past due: its latest step only; the second is not due for 30 days.
    expect(await reminders()).toEqual([
      expect.objectContaining({ step: "overdue-30", invoiceNumber: first.number, balance: "$400.00" }),
    ]);
    await sendDueReminders(ctx.db, new Date(Date.parse(second.dueAt ?? "") - 3 * DAY_MS + 60_000));
    expect(await reminders()).toEqual([
      expect.objectContaining({ step: "overdue-30", invoiceNumber: first.number }),
      expect.objectContaining({ step: "before-due", invoiceNumber: second.number, balance: "$600.00" }),
    ]);
  });

  it("gives each shipment's invoice PDF to whoever gets the order's invoice; a requester, a stranger 404", async () => {
    const { buyer, members, id, order, first } = await shippedInTwo("Documents Co");
    const [owner, requester] = members as [TestAccount, TestAccount];
    const url = `/api/ordering/${id}/shipments/${order.shipments[0]?._id}/invoice`;
    const pdf = await download(url, buyer);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`${first.number}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice ${first.number}`);
    expect(text).toContain("Payment due by");
    expect(text).toContain("$400.00");
    expect(text).not.toContain("$1,000.00");
    expect((await download(url, owner)).statusCode).toBe(200);
    expect((await download(url, admin)).statusCode).toBe(200);
    expect((await download(url, requester)).statusCode).toBe(404);
    expect((await download(url, await signUp(ctx.app))).statusCode).toBe(404);
    expect((await download(url, null)).statusCode).toBe(401);
    const unknown = `/api/ordering/${id}/shipments/00000000-0000-4000-8000-000000000000/invoice`;
    expect((await download(unknown, buyer)).statusCode).toBe(404);
    expect((await download(`/api/ordering/${id}/shipments/not-an-id/invoice`, buyer)).statusCode).toBe(400);
    // A requester reads a colleague's parcels without what their invoices bill (decision 058).
    const seen = await orderOf(id, requester);
    expect(seen.shipments.map((shipment) => shipment.invoice)).toEqual([null, null]);
  });

  it("pays by card what the invoices owe, not the pieces still to ship", async () => {
    const { buyer } = await steps.companyOnAccount("Card Co");
    const id = await steps.placed(buyer, 1000);
    const productId = (await orderOf(id, buyer)).orderId;
    await steps.call("POST", `/api/admin/orders/${id}/shipments`, admin, {
      ...TRACKING,
      warehouseId: main,
      lines: [{ productId, quantity: 25 }],
    });
    const opened = await steps.call("POST", `/api/payments/${id}/balance-intent`, buyer);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ amount: 250 });
  });

  it("reads an order shipped whole as before: one invoice for its total, on the order and its shipment", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Whole Co");
    const order = await steps.invoiced(buyer, 500);
    const [shipment] = order.shipments;
    expect(shipment?.invoice).toMatchObject({ number: order.invoiceNumber, amount: 500, balance: 500 });
    expect(order).toMatchObject({ balance: 500, invoice: { number: order.invoiceNumber } });
    const pdf = await download(`/api/ordering/${order._id}/invoice`, buyer);
    expect(pdf.statusCode).toBe(200);
    expect((await download(`/api/ordering/${order._id}/shipments/${shipment?._id}/invoice`, buyer)).statusCode).toBe(
      200,
    );
    // Without allocations a payment pays it, and a credit note needs no invoice named.
    expect((await steps.pay(companyId, 100)).json().allocations).toEqual([
      expect.objectContaining({ orderId: order._id, invoiceNumber: order.invoiceNumber, amount: 100 }),
    ]);
    const credited = await steps.credit(order._id, { amount: 50 });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json<OrderWithCredit>()).toMatchObject({ balance: 350 });
    const credit = await get<CompanyCredit>(`/api/companies/${companyId}/credit`, buyer);
    expect(credit).toMatchObject({ used: 350, hold: null });
  });

  it("refuses a card order's shipment an invoice of its own (409)", async () => {
    const stock = stockSteps(ctx.app, admin);
    const customer = await signUp(ctx.app);
    await markAddressConfirmed(ctx.app, customer.email);
    const tool = await stock.looseTool(100);
    const order = await stock.placeOrder(customer, tool, 100);
    expect((await stock.pay(customer, order)).statusCode).toBe(200);
    await steps.call("POST", `/api/admin/orders/${order._id}/ship`, admin, TRACKING);
    const shipped = await orderOf(order._id, customer);
    const answer = await download(
      `/api/ordering/${order._id}/shipments/${shipped.shipments[0]?._id}/invoice`,
      customer,
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(SHIPMENT_MESSAGES.noShipmentInvoice);
  });
});
