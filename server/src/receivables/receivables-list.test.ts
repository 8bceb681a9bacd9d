import { type AdminReceivables, type AdminStats, type Order, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../ordering/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { createTestApp } from "../test/test-app.js";
import { ledgerEntries } from "./tables.js";

/**
 * What every company on account owes, for the admins (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'):
 * GET /api/admin/receivables most overdue first, and the overview's "owed to you", "overdue" and "due in the next
 * 7 days", each against a recount of the ledger.
 */
describe("receivables", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const dueIn = (order: Order, interval: string) => steps.dueAt(order._id, sql`now() + ${interval}::interval`);

  /**
   * Per company, what its invoices owe by the ledger, and of that what is past due, due within 7 days, and more
   * than 30 days past due (the hold), with the due dates of the orders.
   */
  async function recount() {
    const balance = sql`(select coalesce(sum(${ledgerEntries.owedCents}), 0) from ${ledgerEntries} where ${ledgerEntries.orderId} = ${orders.id})`;
    const rows = await ctx.db
      .select({
        companyId: orders.companyId,
        owed: sql<string>`sum(${balance})`,
        overdue: sql<string>`coalesce(sum(${balance}) filter (where ${orders.invoiceDueAt} < now()), 0)`,
        soon: sql<string>`coalesce(sum(${balance}) filter (where ${orders.invoiceDueAt} >= now() and ${orders.invoiceDueAt} < now() + interval '7 days'), 0)`,
      })
      .from(orders)
      .where(and(eq(orders.paymentMethod, "invoice"), isNotNull(orders.invoiceDueAt)))
      .groupBy(orders.companyId);
    const dollars = (cents: string) => Number(cents) / 100;
    return new Map(
      rows.map((row) => [
        row.companyId,
        { owed: dollars(row.owed), overdue: dollars(row.overdue), soon: dollars(row.soon) },
      ]),
    );
  }

  it("lists every company on account, most overdue first, with what the ledger says it owes", async () => {
    const late = await steps.companyOnAccount("Late Co");
    const lateInvoices = [await steps.invoiced(late.buyer, 100), await steps.invoiced(late.buyer, 200)];
    await dueIn(lateInvoices[1] as Order, "-40 days");

    const later = await steps.companyOnAccount("Later Co");
    const laterInvoice = await steps.invoiced(later.buyer, 500);
    await dueIn(laterInvoice, "-5 days");
    const paid = await steps.pay(later.companyId, 100, { allocations: [{ orderId: laterInvoice._id, amount: 100 }] });
    expect(paid.statusCode, paid.body).toBe(201);
    await steps.placed(later.buyer, 250);

    const ahead = await steps.companyOnAccount("Ahead Co");
    expect((await steps.pay(ahead.companyId, 50)).statusCode).toBe(201);

    const former = await steps.companyOnAccount("Former Co");
    await steps.invoiced(former.buyer, 300);
    const noTerms = await steps.call("PATCH", `/api/admin/companies/${former.companyId}`, admin, {
      paymentTerms: null,
    });
    expect(noTerms.statusCode).toBe(200);

    const response = await steps.call("GET", "/api/admin/receivables?limit=100", admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe("4");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { companies, totals } = response.json<AdminReceivables>();
    const none = { current: 0, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 };
    const terms = { netDays: 30, creditLimit: 1_000_000 };
    expect(companies).toEqual([
      {
        companyId: later.companyId,
        name: "Later Co",
        paymentTerms: terms,
        used: 650,
        available: 1_000_000 - 650,
        owed: 400,
        overdue: 400,
        aging: { ...none, days1To30: 400 },
        hold: false,
        unallocatedCredit: 0,
      },
      {
        companyId: late.companyId,
        name: "Late Co",
        paymentTerms: terms,
        used: 300,
        available: 1_000_000 - 300,
        owed: 300,
        overdue: 200,
        aging: { ...none, current: 100, days31To60: 200 },
        hold: true,
        unallocatedCredit: 0,
      },
      {
        companyId: former.companyId,
        name: "Former Co",
        paymentTerms: null,
        used: 300,
        available: 0,
        owed: 300,
        overdue: 0,
        aging: { ...none, current: 300 },
        hold: false,
        unallocatedCredit: 0,
      },
      {
        companyId: ahead.companyId,
        name: "Ahead Co",
        paymentTerms: terms,
        used: 0,
        available: 1_000_000,
        owed: 0,
        overdue: 0,
        aging: none,
        hold: false,
        unallocatedCredit: 50,
      },
    ]);
    expect(totals).toEqual({
      owed: 1000,
      overdue: 600,
      aging: { current: 400, days1To30: 400, days31To60: 200, days61To90: 0, over90: 0 },
      unallocatedCredit: 50,
    });

    const ledger = await recount();
    for (const row of companies) {
      const counted = ledger.get(row.companyId) ?? { owed: 0, overdue: 0 };
      expect({ name: row.name, owed: row.owed, overdue: row.overdue }).toEqual({
        name: row.name,
        owed: counted.owed,
        overdue: counted.overdue,
      });
    }

    const second = await steps.call("GET", "/api/admin/receivables?limit=1&offset=1", admin);
    expect(second.json<AdminReceivables>().companies.map((row) => row.name)).toEqual(["Late Co"]);
    expect(second.json<AdminReceivables>().totals).toEqual(totals);
    // A page across the companies that owe and those that do not, and one past the end.
    for (const [query, names] of [
      ["limit=2&offset=2", ["Former Co", "Ahead Co"]],
      ["limit=5&offset=3", ["Ahead Co"]],
      ["limit=5&offset=4", []],
    ] as const) {
      const found = await steps.call("GET", `/api/admin/receivables?${query}`, admin);
      expect(found.json<AdminReceivables>().companies.map((row) => row.name)).toEqual(names);
      expect(found.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe("4");
    }
    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=x"]) {
      expect((await steps.call("GET", `/api/admin/receivables?${query}`, admin)).statusCode).toBe(400);
    }
  });

  it("gives the overview what the shop is owed on account, overdue and due within 7 days", async () => {
    const { buyer } = await steps.companyOnAccount("Soon Co");
    await dueIn(await steps.invoiced(buyer, 700), "3 days");
    await dueIn(await steps.invoiced(buyer, 900), "8 days");
    const stats = (await steps.call("GET", "/api/admin/stats", admin)).json<AdminStats>();
    const ledger = [...(await recount()).values()];
    const sum = (figure: "owed" | "overdue" | "soon") =>
      Math.round(ledger.reduce((total, row) => total + row[figure] * 100, 0)) / 100;
    expect({ owedToYou: stats.owedToYou, overdue: stats.overdue, dueNext7Days: stats.dueNext7Days }).toEqual({
      owedToYou: sum("owed"),
      overdue: sum("overdue"),
      dueNext7Days: sum("soon"),
    });
    expect(stats.dueNext7Days).toBe(700);
    const { totals } = (await steps.call("GET", "/api/admin/receivables", admin)).json<AdminReceivables>();
    expect([totals.owed, totals.overdue]).toEqual([stats.owedToYou, stats.overdue]);
  });
});
