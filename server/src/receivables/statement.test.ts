import { type CompanyStatement, dayInWords, isoMonth, OPEN_INVOICES_PER_PAGE, type Order } from "@forgeline/contract";
import { and, eq, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "../http/csv.js";
import { orders } from "../ordering/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";
import { ledgerEntries } from "./tables.js";

/**
 * A company's statement (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a month's opening balance,
 * entries and closing balance as the ledger has them, open invoices and their aging now, the refusals, and the
 * month as a PDF and as CSV.
 */
describe("a company's statement", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const now = new Date();
  const thisMonth = isoMonth(now);
  const lastMonth = isoMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const lastMonthDay = (day: number, hour = 0) =>
    new Date(`${lastMonth}-${String(day).padStart(2, "0")}T0${hour}:00:00Z`);

  const statement = async (companyId: string, who: TestAccount, month?: string) => {
    const response = await steps.call(
      "GET",
      `/api/companies/${companyId}/statement${month ? `?month=${month}` : ""}`,
      who,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CompanyStatement>();
  };

  /** What the company owed before `at`, recounted from the ledger. */
  async function owedBefore(companyId: string, at: Date) {
    const [row] = await ctx.db
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.owedCents} - ${ledgerEntries.creditCents}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), lt(ledgerEntries.at, at)));
    return Number(row?.cents) / 100;
  }

  /** Each entry's balance is the one before it and its change; the last is the closing balance. */
  function expectRunning(found: CompanyStatement) {
    let balance = found.openingBalance;
    for (const entry of found.entries) {
      balance = Math.round((balance + entry.change) * 100) / 100;
      expect(entry.balance).toBe(balance);
    }
    expect(found.closingBalance).toBe(balance);
  }

  it("opens each month with what the ledger owed before it, and closes with every entry added", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Two Months Co");
    const older = await steps.invoiced(buyer, 1000);
    await steps.issuedAt(older, lastMonthDay(5, 9));
    // Received last month, recorded (and put against the older invoice) now.
    expect((await steps.pay(companyId, 400, { receivedAt: `${lastMonth}-10` })).statusCode).toBe(201);
    const newer = await steps.invoiced(buyer, 500);
    const named = await steps.pay(companyId, 300, { allocations: [{ orderId: newer._id, amount: 300 }] });
    expect(named.statusCode, named.body).toBe(201);

    const before = await statement(companyId, buyer, lastMonth);
    expect(before).toMatchObject({ month: lastMonth, openingBalance: 0, closingBalance: 600 });
    expect(before.entries).toEqual([
      {
        kind: "invoice",
        at: lastMonthDay(5, 9).toISOString(),
        reference: older.invoice?.number,
        reason: null,
        invoice: {
          orderId: older._id,
          orderNumber: older.number,
          number: older.invoice?.number,
          dueAt: expect.any(String),
        },
        amount: 1000,
        change: 1000,
        balance: 1000,
      },
      {
        kind: "payment",
        at: `${lastMonth}-10T00:00:00.000Z`,
        reference: "TRF-1",
        reason: null,
        invoice: null,
        amount: 400,
        change: -400,
        balance: 600,
      },
    ]);
    expectRunning(before);

    const current = await statement(companyId, buyer);
    expect(current.month).toBe(thisMonth);
    expect(current.openingBalance).toBe(before.closingBalance);
    expect(current.openingBalance).toBe(await owedBefore(companyId, new Date(current.from)));
    expect(current.closingBalance).toBe(800);
    expectRunning(current);
    expect(current.entries.map((entry) => [entry.kind, entry.amount, entry.change]).sort()).toEqual(
      [
        ["allocation", 400, 0],
        ["invoice", 500, 500],
        ["payment", 300, -300],
        ["allocation", 300, 0],
      ].sort(),
    );
    const allocation = current.entries.find((entry) => entry.kind === "allocation" && entry.amount === 400);
    expect(allocation).toMatchObject({ reference: "TRF-1", invoice: { orderId: older._id } });

    // Now: the invoices that still owe, from the ledger.
    expect(
      current.openInvoices.map(({ orderId, total, paid, credited, balance }) => [
        orderId,
        total,
        paid,
        credited,
        balance,
      ]),
    ).toEqual([
      [older._id, 1000, 400, 0, 600],
      [newer._id, 500, 300, 0, 200],
    ]);
    expect(current.owed).toBe(800);
    expect(current.unallocatedCredit).toBe(0);
    expect(current.credit).toMatchObject({ paymentTerms: { netDays: 30, creditLimit: 1_000_000 }, used: 800 });
  });

  it("lists a day's entries as they happened: an invoice before the transfer received for it that day", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Same Day Co");
    const invoiced = await steps.invoiced(buyer, 1000);
    // Received today: dated by its day alone, midnight, hours before the invoice it pays was issued.
    const today = new Date().toISOString().slice(0, 10);
    expect((await steps.pay(companyId, 1000, { receivedAt: today, reference: "SAME-DAY" })).statusCode).toBe(201);
    const found = await statement(companyId, buyer);
    const ours = found.entries.filter(
      (entry) => entry.reference === invoiced.invoice?.number || entry.reference === "SAME-DAY",
    );
    expect(ours.map((entry) => [entry.kind, entry.change])).toEqual([
      ["invoice", 1000],
      ["payment", -1000],
      ["allocation", 0],
    ]);
    expect(found.entries.map((entry) => entry.balance).every((balance) => balance >= 0)).toBe(true);
    expectRunning(found);
  });

  it("keeps money received and not yet put against an invoice apart, and shows a month in credit", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("In Credit Co");
    await steps.invoiced(buyer, 100);
    expect((await steps.pay(companyId, 250)).statusCode).toBe(201);
    const found = await statement(companyId, buyer);
    expect(found).toMatchObject({ openingBalance: 0, closingBalance: -150, owed: 0, unallocatedCredit: 150 });
    expect(found.openInvoices).toEqual([]);
    expectRunning(found);
  });

  it("ages what is owed by days past due: current, 1-30, 31-60, 61-90, over 90", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Aging Co");
    const dues = ["5 days", "-1 hour", "-30 days 1 hour", "-30 days -1 hour", "-75 days 1 hour", "-120 days 1 hour"];
    const invoices: Order[] = [];
    for (const index of dues.keys()) invoices.push(await steps.invoiced(buyer, (index + 1) * 100));
    // Moved once all are issued: an invoice long overdue holds new orders on account.
    for (const [index, due] of dues.entries()) {
      await steps.dueAt(invoices[index]?._id ?? "", sql`now() + ${due}::interval`);
    }
    const last = invoices.at(-1) as Order;
    expect((await steps.pay(companyId, 50, { allocations: [{ orderId: last._id, amount: 50 }] })).statusCode).toBe(201);

    const found = await statement(companyId, buyer);
    expect(found.openInvoices.map((invoice) => [invoice.balance, invoice.daysOverdue])).toEqual([
      [550, 120],
      [500, 75],
      [400, 31],
      [300, 30],
      [200, 1],
      [100, 0],
    ]);
    expect(found.aging).toEqual({ current: 100, days1To30: 500, days31To60: 400, days61To90: 500, over90: 550 });
    expect(found.owed).toBe(2050);
    // Invoices more than 30 days past due hold new orders on account; the oldest is named.
    expect(found.credit.hold?.invoiceNumber).toBe(last.invoice?.number);
  });

  it("lists the open invoices a page at a time, the earliest due first; its figures count them all", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Large Customer Co");
    const count = OPEN_INVOICES_PER_PAGE + 2;
    const invoices: Order[] = [];
    for (let index = 0; index < count; index += 1) invoices.push(await steps.invoiced(buyer, 100 + index));
    // Due one day apart, the last placed the earliest due: the list's order is the due dates', not the placing's.
    for (const [index, invoice] of invoices.entries()) {
      await steps.dueAt(invoice._id, sql`now() + ${`${count - index} days`}::interval`);
    }
    const byDue = invoices.map((invoice) => invoice.invoice?.number).reverse();
    const page = async (openPage: number) => {
      const response = await steps.call("GET", `/api/companies/${companyId}/statement?openPage=${openPage}`, buyer);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CompanyStatement>();
    };
    const [first, second, beyond] = [await page(1), await page(2), await page(3)];
    expect(first.openInvoices.map((invoice) => invoice.number)).toEqual(byDue.slice(0, OPEN_INVOICES_PER_PAGE));
    expect(second.openInvoices.map((invoice) => invoice.number)).toEqual(byDue.slice(OPEN_INVOICES_PER_PAGE));
    expect(beyond.openInvoices).toEqual([]);
    // Every page says what all of them owe: 100 + 101 + … dollars, all current.
    const owed = invoices.reduce((sum, _, index) => sum + 100 + index, 0);
    for (const [openPage, found] of [first, second, beyond].entries()) {
      expect(found).toMatchObject({ openPage: openPage + 1, openInvoiceCount: count, owed });
      expect(found.aging).toEqual({ current: owed, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 });
    }
    expect((await statement(companyId, buyer)).openPage).toBe(1);
    for (const openPage of ["0", "-1", "1.5", "two"]) {
      const response = await steps.call("GET", `/api/companies/${companyId}/statement?openPage=${openPage}`, buyer);
      expect({ openPage, status: response.statusCode }).toEqual({ openPage, status: 400 });
      expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(["openPage"]);
    }
  });

  it("refuses a month that is no month, or one still to come, naming `month`", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Months Co");
    const next = isoMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    for (const month of ["2026-13", "2026-00", "2026-1", "26-01", "2026-01-01", "november", "1899-12", next, ""]) {
      for (const path of ["statement", "statement.pdf", "statement.csv"]) {
        const response = await steps.call("GET", `/api/companies/${companyId}/${path}?month=${month}`, buyer);
        expect({ month, path, status: response.statusCode }).toEqual({ month, path, status: 400 });
        expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual(["month"]);
      }
    }
    expect((await statement(companyId, buyer, "1900-01")).entries).toEqual([]);
  });

  it("is its owners' and buyers': a requester 403, anyone outside 404, admins too", async () => {
    const { buyer, companyId, members } = await steps.companyOnAccount("Who Co", ["owner", "requester"]);
    const [owner, requester] = members as [TestAccount, TestAccount];
    const outsider = await signUp(ctx.app);
    for (const path of ["statement", "statement.pdf", "statement.csv"]) {
      const url = `/api/companies/${companyId}/${path}`;
      for (const [who, status] of [
        [buyer, 200],
        [owner, 200],
        [requester, 403],
        [outsider, 404],
        [admin, 404],
        [null, 401],
      ] as const) {
        expect({ path, status: (await steps.call("GET", url, who)).statusCode }).toEqual({ path, status });
      }
    }
    const unknown = await steps.call("GET", `/api/companies/${crypto.randomUUID()}/statement`, buyer);
    expect(unknown.statusCode).toBe(404);
  });

  it("prints the month as a PDF: opening balance, the entries, closing balance", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Paper Co");
    const order = await steps.invoiced(buyer, 1200);
    expect((await steps.pay(companyId, 200, { reference: "TRF-PAPER" })).statusCode).toBe(201);
    const response = await steps.call("GET", `/api/companies/${companyId}/statement.pdf`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="statement-${thisMonth}.pdf"`);
    const text = await pdfText(response.rawPayload);
    const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(now);
    for (const words of [
      `Statement, ${monthName}`,
      "Statement for Paper Co",
      "Opening balance $0.00",
      `Invoice ${order.invoice?.number} for order ${order.number}`,
      "Payment received: TRF-PAPER",
      `TRF-PAPER: $200.00 paid against invoice ${order.invoice?.number}`,
      // This month is in progress: its balance is now's, dated today, never the month's last day still to come.
      `Balance now, ${dayInWords(new Date())} $1,000.00`,
      "1 open invoice owing $1,000.00",
      "Please pay by bank transfer",
    ]) {
      expect(text).toContain(words);
    }
    // A closed month closes on its last day.
    const closed = await steps.call("GET", `/api/companies/${companyId}/statement.pdf?month=${lastMonth}`, buyer);
    const lastDayOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    expect(await pdfText(closed.rawPayload)).toContain(`Closing balance, ${dayInWords(lastDayOfLastMonth)} $0.00`);
  });

  it("writes the month as CSV, every text cell quoted and a formula start defused", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Sheet Co");
    const order = await steps.invoiced(buyer, 700);
    expect((await steps.pay(companyId, 100, { reference: "=HYPERLINK(1)" })).statusCode).toBe(201);
    const response = await steps.call("GET", `/api/companies/${companyId}/statement.csv?month=${thisMonth}`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="statement-${thisMonth}.csv"`);
    expect(response.body).toContain(`"'=HYPERLINK(1)"`);
    const rows = readCsv(response.body).map((record) => record.cells);
    expect(rows[0]).toEqual([
      "Date",
      "Kind",
      "Reference",
      "Invoice number",
      "Order number",
      "Due date",
      "Description",
      "Amount (USD)",
      "Change (USD)",
      "Balance (USD)",
    ]);
    expect(rows[1]).toEqual([`${thisMonth}-01`, "", "", "", "", "", "Opening balance", "", "", "0"]);
    const found = await statement(companyId, buyer);
    expect(rows.slice(2, -1).map((row) => [row[1], row[3], row[8], row[9]])).toEqual(
      found.entries.map((entry) => [
        entry.kind,
        entry.invoice?.number ?? "",
        String(entry.change),
        String(entry.balance),
      ]),
    );
    expect(rows.slice(2, -1).find((row) => row[1] === "invoice")).toEqual(
      expect.arrayContaining([order.invoice?.number, order.number, "700", "700"]),
    );
    expect(rows.at(-1)?.[6]).toBe("Balance now");
    expect(rows.at(-1)?.[9]).toBe("600");
  });

  it("counts what is owed with the ledger and the orders alike, month by month", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Recount Co");
    for (const dollars of [300, 450]) await steps.invoiced(buyer, dollars);
    expect((await steps.pay(companyId, 500)).statusCode).toBe(201);
    const found = await statement(companyId, buyer);
    const [kept] = await ctx.db
      .select({ cents: sql<string>`sum(${orders.totalCents} - ${orders.amountPaidCents})` })
      .from(orders)
      .where(eq(orders.companyId, companyId));
    expect(found.owed).toBe(Number(kept?.cents) / 100);
    expect(found.closingBalance).toBe(await owedBefore(companyId, new Date(Date.now() + 60_000)));
  });
});
