import { type CompanyStatement, isoMonth, monthBounds, type Order } from "@forgeline/contract";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../ordering/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { createTestApp } from "../test/test-app.js";
import { ledgerEntries, ledgerMonthBalances } from "./tables.js";

const DAY_MS = 86_400_000;
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A statement's figures after random histories of several months (docs/decisions/059): the opening balance kept at
 * each month's end, the open invoices read from the orders that may owe and the credit kept beside the ledger, each
 * against a recount of the whole ledger. Invoices dated back (their entries corrected by hand) and transfers
 * received in an earlier month (recorded today) move the months after them.
 */
describe("a statement after random histories", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    steps = onAccountSteps(ctx, await signUp(ctx.app, { admin: true }));
  });
  afterAll(() => ctx.close());

  const now = new Date();
  const monthsAgo = (months: number) =>
    isoMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)));

  /** Dates an invoice back `days` (its ledger entry and its order), as if it had been issued then. */
  const issuedDaysAgo = (order: Order, days: number) => steps.issuedAt(order, new Date(now.getTime() - days * DAY_MS));

  /** The company's whole ledger recounted: what it owed before `at`, each invoice's sums, its credit. */
  async function recount(companyId: string, at: Date) {
    const ofCompany = eq(ledgerEntries.companyId, companyId);
    const [totals] = await ctx.db
      .select({
        owedBefore: sql<string>`coalesce(sum(${ledgerEntries.owedCents} - ${ledgerEntries.creditCents}) filter (where ${ledgerEntries.at} < ${at}), 0)`,
        credit: sql<string>`coalesce(sum(${ledgerEntries.creditCents}), 0)`,
      })
      .from(ledgerEntries)
      .where(ofCompany);
    const byOrder = await ctx.db
      .select({
        orderId: sql<string>`${ledgerEntries.orderId}`,
        total: sql<string>`sum(${ledgerEntries.owedCents}) filter (where ${ledgerEntries.kind} = 'invoice')`,
        paid: sql<string>`coalesce(-sum(${ledgerEntries.owedCents}) filter (where ${ledgerEntries.kind} in ('allocation', 'card-payment')), 0)`,
        credited: sql<string>`coalesce(-sum(${ledgerEntries.owedCents}) filter (where ${ledgerEntries.kind} = 'credit-note'), 0)`,
        balance: sql<string>`sum(${ledgerEntries.owedCents})`,
      })
      .from(ledgerEntries)
      .where(and(ofCompany, sql`${ledgerEntries.orderId} is not null`))
      .groupBy(ledgerEntries.orderId)
      .having(sql`sum(${ledgerEntries.owedCents}) > 0`);
    // What the credit counts, every order on account not closed, as it was summed before the partial index.
    const [used] = await ctx.db
      .select({
        cents: sql<string>`coalesce(sum(${orders.totalCents} - ${orders.creditedCents} - ${orders.amountPaidCents}), 0)`,
      })
      .from(orders)
      .where(
        sql`${orders.companyId} = ${companyId} and ${orders.paymentMethod} = 'invoice' and ${orders.status} not in ('cancelled', 'refunded')`,
      );
    return {
      owedBeforeCents: Number(totals?.owedBefore),
      creditCents: Number(totals?.credit),
      usedCents: Number(used?.cents),
      open: byOrder
        .map((row) => ({
          orderId: row.orderId,
          total: Number(row.total),
          paid: Number(row.paid),
          credited: Number(row.credited),
          balance: Number(row.balance),
        }))
        .sort((a, b) => a.orderId.localeCompare(b.orderId)),
    };
  }

  /** The month's statement with the open invoices of all its pages. */
  async function everyOpenInvoice(companyId: string, month: string, buyer: TestAccount) {
    const pages: CompanyStatement[] = [];
    do {
      const url = `/api/companies/${companyId}/statement?month=${month}&openPage=${pages.length + 1}`;
      const response = await steps.call("GET", url, buyer);
      expect(response.statusCode, response.body).toBe(200);
      pages.push(response.json<CompanyStatement>());
    } while (pages.flatMap((page) => page.openInvoices).length < (pages[0]?.openInvoiceCount ?? 0));
    const [first] = pages as [CompanyStatement];
    return { ...first, openInvoices: pages.flatMap((page) => page.openInvoices) };
  }

  /** Each month kept against the ledger recounted up to that month's end. */
  async function expectMonthsKept(companyId: string) {
    const kept = await ctx.db.select().from(ledgerMonthBalances).where(eq(ledgerMonthBalances.companyId, companyId));
    for (const { month, owedCents } of kept) {
      const { to } = monthBounds(month.slice(0, 7));
      expect({ month, owedCents }).toEqual({ month, owedCents: (await recount(companyId, to)).owedBeforeCents });
    }
  }

  function expectStatementIsRecount(
    found: CompanyStatement,
    before: Awaited<ReturnType<typeof recount>>,
    closing: number,
  ) {
    expect(cents(found.openingBalance)).toBe(before.owedBeforeCents);
    let balance = cents(found.openingBalance);
    for (const entry of found.entries) {
      balance += cents(entry.change);
      expect(cents(entry.balance)).toBe(balance);
    }
    expect(cents(found.closingBalance)).toBe(closing);
    expect(balance).toBe(closing);
    expect(cents(found.unallocatedCredit)).toBe(before.creditCents);
    expect(cents(found.credit.used)).toBe(before.usedCents);
    const open = found.openInvoices
      .map((invoice) => ({
        orderId: invoice.orderId,
        total: cents(invoice.total),
        paid: cents(invoice.paid),
        credited: cents(invoice.credited),
        balance: cents(invoice.balance),
      }))
      .sort((a, b) => a.orderId.localeCompare(b.orderId));
    expect(open).toEqual(before.open);
    // What they owe, kept beside the ledger (as the receivables list reads it), is the ledger's recount too.
    expect(found.openInvoiceCount).toBe(before.open.length);
    expect(cents(found.owed)).toBe(before.open.reduce((sum, invoice) => sum + invoice.balance, 0));
  }

  it("opens each month with the balance kept, equal to a recount of the ledger", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("History Co");
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("invoice" as const),
        dollars: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
        // At most 59 days back: due 30 days later, it is never more than 30 days overdue (a day begun counts),
        // which would hold the company's credit and refuse the next invoice of the history.
        daysAgo: fc.integer({ min: 0, max: 59 }),
      }),
      // A transfer received up to 100 days ago, recorded now: it pays the oldest invoices first.
      fc.record({
        kind: fc.constant("payment" as const),
        dollars: fc.integer({ min: 1, max: 4000 }),
        daysAgo: fc.integer({ min: 0, max: 100 }),
      }),
      fc.record({ kind: fc.constant("credit" as const), dollars: fc.integer({ min: 1, max: 3000 }), pick: fc.nat() }),
    );
    const issued: Order[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (history) => {
        for (const move of history) {
          if (move.kind === "invoice") {
            const order = await steps.invoiced(buyer, move.dollars);
            await issuedDaysAgo(order, move.daysAgo);
            issued.push(order);
          } else if (move.kind === "payment") {
            const receivedAt = new Date(now.getTime() - move.daysAgo * DAY_MS).toISOString().slice(0, 10);
            expect((await steps.pay(companyId, move.dollars, { receivedAt })).statusCode).toBe(201);
          } else {
            const order = issued[move.pick % Math.max(1, issued.length)];
            // Refused (409) when more than is left to credit: a refusal writes nothing.
            if (order) await steps.credit(order._id, { amount: move.dollars });
          }
        }
        for (const back of [4, 3, 2, 1, 0]) {
          const month = monthsAgo(back);
          const { from, to } = monthBounds(month);
          const closing = (await recount(companyId, to)).owedBeforeCents;
          expectStatementIsRecount(
            await everyOpenInvoice(companyId, month, buyer),
            await recount(companyId, from),
            closing,
          );
        }
        await expectMonthsKept(companyId);
      }),
      { numRuns: 6 },
    );
  });
});
