import {
  type AuditEntry,
  type CompanyStatement,
  ORDER_STATUS_MESSAGES,
  type OrderWithCredit,
} from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers } from "../company/tables.js";
import { mailsTo } from "../mail/queries.js";
import { composeMail } from "../mail/templates/index.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";
import { ledgerEntries } from "./tables.js";

const SHOP = { publicUrl: "http://localhost:5000", bankDetails: "Forgeline Tools Ltd · IBAN GB00 TEST" };

/**
 * Credit notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): an admin refunds an invoiced order on account in full
 * or in part; the credit lowers what is owed, and what was paid already becomes the company's credit, which pays
 * its next invoice. Numbers are gapless, refusals leave nothing, and the PDF, the statement and the mail say it.
 */
describe("credit notes", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const credit = (...args: Parameters<typeof steps.credit>) => steps.credit(...args);
  const orderOf = async (who: TestAccount, id: string) =>
    (await steps.call("GET", `/api/ordering/${id}`, who)).json<OrderWithCredit>();
  const statement = async (companyId: string, who: TestAccount) =>
    (await steps.call("GET", `/api/companies/${companyId}/statement`, who)).json<CompanyStatement>();
  const sequence = (number: string) => Number(number.slice("CN-".length));

  it("before payment lowers the balance and frees credit; the rest is paid as usual", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Credit Before Co");
    const order = await steps.invoiced(buyer, 1000);
    // What may be credited is in the answer, as the server works it out: the pages compute none.
    expect(await orderOf(buyer, order._id)).toMatchObject({ creditable: 1000 });
    const issued = await credit(order._id, { amount: 300 });
    expect(issued.statusCode, issued.body).toBe(201);
    const answer = issued.json<OrderWithCredit>();
    expect(answer).toMatchObject({
      paymentStatus: "unpaid",
      status: "shipped",
      amountPaid: 0,
      credited: 300,
      balance: 700,
      creditable: 700,
      creditNotes: [{ amount: 300 }],
    });
    expect(answer.creditNotes[0]?.number).toMatch(/^CN-\d{6}$/);
    expect(await orderOf(buyer, order._id)).toMatchObject({ credited: 300, balance: 700 });
    const standing = (await steps.call("GET", `/api/companies/${companyId}/credit`, buyer)).json();
    expect(standing.used).toBe(700);
    const [entry] = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "credit-note"));
    expect(entry).toMatchObject({ orderId: order._id, owedCents: -30_000, creditCents: 0 });

    expect((await steps.pay(companyId, 700)).statusCode).toBe(201);
    const paid = await orderOf(buyer, order._id);
    expect(paid).toMatchObject({ paymentStatus: "paid", amountPaid: 700, balance: 0 });
    // Its money line by line, in order: the credit note with its number, then the transfer; the history names both.
    const number = answer.creditNotes[0]?.number;
    expect(paid.moneyMovements.map(({ kind, amount, method, reference }) => [kind, amount, method, reference])).toEqual(
      [
        ["credit-note", 300, null, number],
        ["payment", 700, "transfer", expect.stringMatching(/^TRF-/)],
      ],
    );
    expect(paid.statusHistory.map((event) => event.kind)).toEqual([
      "placed",
      "shipped",
      "credit-note",
      "payment-received",
    ]);
    expect((await statement(companyId, buyer)).unallocatedCredit).toBe(0);
  });

  it("after full payment gives the money back as company credit, which pays the next invoice", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Credit After Co");
    const order = await steps.invoiced(buyer, 1000);
    expect((await steps.pay(companyId, 1000)).statusCode).toBe(201);
    const issued = await credit(order._id, { amount: 400 });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json<OrderWithCredit>()).toMatchObject({
      paymentStatus: "partially-refunded",
      status: "shipped",
      amountPaid: 600,
      credited: 400,
      balance: 0,
    });
    expect((await statement(companyId, buyer)).unallocatedCredit).toBe(400);

    const next = await steps.invoiced(buyer, 1000);
    expect(next).toMatchObject({ paymentStatus: "partially-paid", amountPaid: 400, balance: 600 });
    expect((await statement(companyId, buyer)).unallocatedCredit).toBe(0);

    // The rest of the first order: only what the shop still holds of it (600) goes to the company's credit.
    const rest = await credit(order._id);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<OrderWithCredit>()).toMatchObject({
      paymentStatus: "refunded",
      status: "refunded",
      credited: 1000,
    });
    expect(rest.json<OrderWithCredit>()).toMatchObject({ amountPaid: 0, balance: 0 });
    // A credit note that refunds the order is named a credit note in its history, not "Refunded".
    expect(rest.json<OrderWithCredit>().statusHistory.at(-1)).toMatchObject({
      kind: "credit-note",
      status: "refunded",
    });
    expect(rest.json<OrderWithCredit>().moneyMovements.map(({ kind, amount }) => [kind, amount])).toEqual([
      ["payment", 1000],
      ["credit-note", 400],
      ["credit-note", 600],
    ]);
    expect((await statement(companyId, buyer)).unallocatedCredit).toBe(600);
  });

  it("refunds in full with the pieces back; above what is left to credit is 409, bad amounts 400, nothing kept", async () => {
    const { buyer } = await steps.companyOnAccount("Credit Refusals Co");
    const order = await steps.invoiced(buyer, 1000);
    const first = await credit(order._id, { amount: 250 });
    expect(first.statusCode).toBe(201);
    const firstNumber = first.json<OrderWithCredit>().creditNotes[0]?.number ?? "";

    const above = await credit(order._id, { amount: 750.01 });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(`Order ${order.number} has $750.00 left to credit.`);
    for (const amount of [0, -5, 10.001, "10", null, 1e12]) {
      const bad = await credit(order._id, { amount });
      expect({ amount, status: bad.statusCode }).toEqual({ amount, status: 400 });
      expect(bad.json().errors[0]).toMatchObject({ field: "amount" });
    }
    expect((await credit(order._id, { amount: 10, restock: "yes" })).statusCode).toBe(400);
    const partRestock = await credit(order._id, { amount: 10, restock: true });
    expect(partRestock.statusCode).toBe(409);
    expect(partRestock.json().message).toMatch(/only with a credit note for all that is left/);

    const tool = order.lines[0]?.productId ?? "";
    const stockBefore = (await steps.call("GET", `/api/product/${tool}`, null)).json().quantity;
    const whole = await credit(order._id, { restock: true });
    expect(whole.statusCode, whole.body).toBe(201);
    const refunded = whole.json<OrderWithCredit>();
    expect(refunded).toMatchObject({ status: "refunded", paymentStatus: "refunded", credited: 1000, balance: 0 });
    // Refused ones took no number: the next follows the first without a gap.
    expect(refunded.creditNotes.map((note) => sequence(note.number))).toEqual([
      sequence(firstNumber),
      sequence(firstNumber) + 1,
    ]);
    expect(refunded.creditNotes.map((note) => note.amount)).toEqual([250, 750]);
    expect((await steps.call("GET", `/api/product/${tool}`, null)).json().quantity).toBe(stockBefore + 100);
    const again = await credit(order._id, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order is refunded; only a shipped or delivered order can be refunded.");

    // Not an invoiced order on account: a card order, one not shipped yet (cancel it), none at all.
    const unshipped = await steps.placed(buyer, 100);
    const notYet = await credit(unshipped);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(ORDER_STATUS_MESSAGES.noInvoice({ status: "unpaid", paymentMethod: "invoice" }));
    const customer = await signUp(ctx.app);
    const card = await steps.call("POST", "/api/ordering", customer, {
      orderId: tool,
      quantity: 100,
      phone: "5550100000",
      address: "1 Road",
    });
    const byCard = await credit(card.json().insertedId);
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json().message).toMatch(/card order is refunded through its payment/);
    expect((await credit("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await credit("not-an-id")).statusCode).toBe(400);
    // An order on account is not refunded through a card refund.
    const cardRoute = await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: false });
    expect(cardRoute.statusCode).toBe(409);
  });

  it("is audited, mailed to the buyer, and a repeated request with its key issues one credit note", async () => {
    const { buyer } = await steps.companyOnAccount("Credit Mail Co");
    const order = await steps.invoiced(buyer, 1000);
    const key = { "idempotency-key": `credit ${order._id}` };
    const first = await credit(order._id, { amount: 120 }, key);
    const second = await credit(order._id, { amount: 120 }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.body).toBe(first.body);
    expect((await orderOf(buyer, order._id)).creditNotes).toHaveLength(1);
    expect((await credit(order._id, { amount: 130 }, key)).statusCode).toBe(422);

    const number = first.json<OrderWithCredit>().creditNotes[0]?.number;
    const audit = (await steps.call("GET", "/api/admin/audit", admin)).json<AuditEntry[]>();
    expect(audit.find((entry) => entry.action === "order.credit-note" && entry.target === order._id)).toMatchObject({
      actor: admin.email,
      before: { balanceCents: 100_000, creditedCents: 0 },
      after: { balanceCents: 88_000, creditedCents: 12_000, creditNote: number },
    });

    const mails = (await mailsTo(ctx.db, buyer.email)).map((mail) => mail.template);
    expect(mails.filter((template) => template === "credit-note")).toHaveLength(1);
    // Money and credit on a shipped order leave it shipped: the shipped mail is not sent again.
    expect(mails.filter((template) => template === "order-shipped")).toHaveLength(1);
    const [mail] = (await mailsTo(ctx.db, buyer.email)).filter((row) => row.template === "credit-note");
    const composed = await composeMail(buyer.email, "credit-note", mail?.data as never, SHOP);
    expect(composed.subject).toBe(`Credit note ${number} for invoice ${order.invoice?.number}`);
    expect(composed.text).toContain(`We credited $120.00 against invoice ${order.invoice?.number}`);
    expect(composed.text).toContain("$880.00 is still owed on it.");
  });

  it("is mailed to the owners, not the buyer, once the buyer has left the company", async () => {
    const { buyer, companyId, members } = await steps.companyOnAccount("Credit Left Co", ["owner"]);
    const order = await steps.invoiced(buyer, 1000);
    await ctx.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, buyer.email)));
    expect((await credit(order._id, { amount: 100 })).statusCode).toBe(201);
    const creditNoteMails = async (who: TestAccount) =>
      (await mailsTo(ctx.db, who.email)).filter((mail) => mail.template === "credit-note");
    expect(await creditNoteMails(buyer)).toEqual([]);
    for (const owner of members) expect(await creditNoteMails(owner)).toHaveLength(1);
  });

  it("serves its PDF to whoever gets the invoice, with the numbers and amounts; requesters and outsiders 404", async () => {
    const { buyer, companyId, members } = await steps.companyOnAccount("Credit PDF Co", ["owner", "requester"]);
    const order = await steps.invoiced(buyer, 1000);
    expect((await steps.pay(companyId, 900)).statusCode).toBe(201);
    const first = (await credit(order._id, { amount: 50 })).json<OrderWithCredit>().creditNotes[0]?.number ?? "";
    const issued = await credit(order._id, { amount: 200 });
    const number = issued.json<OrderWithCredit>().creditNotes[1]?.number ?? "";
    const url = `/api/ordering/${order._id}/credit-notes/${number}`;

    const [owner, requester] = members as [TestAccount, TestAccount];
    for (const who of [buyer, owner, admin]) expect((await steps.call("GET", url, who)).statusCode).toBe(200);
    expect((await steps.call("GET", url, requester)).statusCode).toBe(404);
    const answer = await steps.call("GET", url, buyer);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    const text = await pdfText(answer.rawPayload);
    for (const part of [
      `Credit note ${number}`,
      `Credits invoice ${order.invoice?.number}`,
      `Order number: ${order.number}`,
      "Credit to Credit PDF Co",
      `Invoice ${order.invoice?.number} total $1,000.00`,
      `Credited before (${first}) −$50.00`,
      `This credit note, ${number} −$200.00`,
      "Credited $200.00",
      `$50.00 is taken off what invoice ${order.invoice?.number} owes.`,
      "$150.00 was paid already: it is the company's credit now",
    ]) {
      expect(text).toContain(part);
    }
    // The invoice shows what was credited: 1000 less 250 credited less 750 paid (150 of the 900 went back).
    const invoice = await pdfText((await steps.call("GET", `/api/ordering/${order._id}/invoice`, buyer)).rawPayload);
    expect(invoice).toContain("Credit notes −$250.00");
    expect(invoice).toContain("Amount paid −$750.00");

    const outsider = await signUp(ctx.app);
    expect((await steps.call("GET", url, outsider)).statusCode).toBe(404);
    expect((await steps.call("GET", url.replace(number, "CN-999999"), buyer)).statusCode).toBe(404);
    expect((await steps.call("GET", url.replace(number, "INV-1"), buyer)).statusCode).toBe(400);
    expect((await steps.call("GET", url, null)).statusCode).toBe(401);
  });

  it("is listed on the company's statement, taking what it credits off what is owed", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Credit Statement Co");
    const order = await steps.invoiced(buyer, 1000);
    const number = (await credit(order._id, { amount: 100 })).json<OrderWithCredit>().creditNotes[0]?.number;
    const found = await statement(companyId, buyer);
    expect(found.entries.find((entry) => entry.kind === "credit-note")).toMatchObject({
      reference: number,
      amount: 100,
      change: -100,
      balance: 900,
      invoice: { orderId: order._id, number: order.invoice?.number },
    });
    expect(found.openInvoices).toMatchObject([{ orderId: order._id, credited: 100, balance: 900 }]);
    expect(found.closingBalance).toBe(900);
  });

  it("numbers credit notes issued at once without a gap, and never credits one order above its invoice", async () => {
    const companies = await Promise.all([1, 2, 3, 4].map((n) => steps.companyOnAccount(`Concurrent Credit ${n} Co`)));
    const orders = await Promise.all(companies.map(({ buyer }) => steps.invoiced(buyer, 1000)));
    const answers = await Promise.all(
      orders.flatMap((order) => [credit(order._id, { amount: 600 }), credit(order._id, { amount: 600 })]),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409, 409, 409]);
    const numbers = answers
      .filter((answer) => answer.statusCode === 201)
      .flatMap((answer) => answer.json<OrderWithCredit>().creditNotes.map((note) => sequence(note.number)))
      .sort((a, b) => a - b);
    const [lowest = 0] = numbers;
    expect(numbers).toEqual([lowest, lowest + 1, lowest + 2, lowest + 3]);
    for (const order of orders) {
      expect((await steps.call("GET", `/api/admin/orders/${order._id}`, admin)).json<OrderWithCredit>().credited).toBe(
        600,
      );
    }
  });
});
