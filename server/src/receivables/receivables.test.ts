import type { CompanyCredit, OrderWithCredit, PaymentReceived, Product } from "@forgeline/contract";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { mailsTo } from "../mail/queries.js";
import { composeMail } from "../mail/templates/index.js";
import { orders } from "../ordering/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { sendDueReminders } from "./reminders.js";
import { companyCredits, ledgerEntries } from "./tables.js";

const SHOP = { publicUrl: "http://localhost:5000", bankDetails: "Forgeline Tools Ltd · IBAN GB00 TEST" };

/**
 * Money received on account (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'): transfers paying the
 * oldest invoices first or as allocated, what is left kept as credit for the next invoice, the refusals, and
 * the kept balances against a recount of the ledger after random histories.
 */
describe("payments received and the ledger", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;
  let references = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PATCH", url: string, who: TestAccount | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  /** A company of an owner and a buyer, on net 30 with a generous limit. */
  async function companyOnAccount() {
    const [owner, buyer] = [await signUp(ctx.app, { confirmed: true }), await signUp(ctx.app, { confirmed: true })];
    const [created] = await ctx.db.insert(companies).values({ name: "Ledger Co", createdBy: owner.email }).returning();
    const companyId = created?.id ?? "";
    await ctx.db.insert(companyMembers).values([
      { email: owner.email, companyId, role: "owner" },
      { email: buyer.email, companyId, role: "buyer" },
    ]);
    const terms = await call("PATCH", `/api/admin/companies/${companyId}`, admin, {
      paymentTerms: { netDays: 30, creditLimit: 1_000_000 },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    return { owner, buyer, companyId };
  }

  /** An order on account of `dollars` (100 pieces of a tool priced for it), shipped: its invoice issued. */
  async function invoiced(buyer: TestAccount, dollars: number): Promise<OrderWithCredit> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Ledger Tool ${tools}`,
      price: dollars / 100,
      quantity: 1000,
      description: "For the ledger tests.",
      image: "/images/x.webp",
    });
    const tool = (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
    const placed = await call("POST", "/api/ordering", buyer, {
      orderId: tool._id,
      quantity: 100,
      ...CONTACT,
      paymentMethod: "invoice",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().insertedId;
    const shipped = await call("POST", `/api/admin/orders/${id}/ship`, admin, { carrier: "DHL", trackingNumber: "1" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return orderOf(buyer, id);
  }

  const reminderOf = (order: OrderWithCredit) => ({
    number: order.number,
    orderId: order._id,
    invoiceNumber: order.invoice?.number,
    dueAt: order.invoice?.dueAt,
    balance: "$1,000.00",
    payByCard: true,
  });
  const orderOf = async (who: TestAccount, id: string) =>
    (await call("GET", `/api/ordering/${id}`, who)).json<OrderWithCredit>();
  const today = () => new Date().toISOString().slice(0, 10);
  const pay = (companyId: string, amount: number, extra: object = {}) => {
    references += 1;
    return call("POST", `/api/admin/companies/${companyId}/payments`, admin, {
      amount,
      receivedAt: today(),
      reference: `TRF-${references}`,
      ...extra,
    });
  };

  it("pays the oldest invoices first, part of the next, and keeps the rest as credit for the next invoice", async () => {
    const { buyer, companyId } = await companyOnAccount();
    const older = await invoiced(buyer, 1000);
    const newer = await invoiced(buyer, 1500);
    const first = await pay(companyId, 1800);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<PaymentReceived>()).toMatchObject({
      amount: 1800,
      allocations: [
        { orderId: older._id, amount: 1000 },
        { orderId: newer._id, amount: 800 },
      ],
      creditBalance: 0,
    });
    expect(await orderOf(buyer, older._id)).toMatchObject({ paymentStatus: "paid", status: "shipped", balance: 0 });
    expect(await orderOf(buyer, newer._id)).toMatchObject({
      paymentStatus: "partially-paid",
      amountPaid: 800,
      balance: 700,
    });
    // Each order lists the money as it came: by transfer, with its reference and the day it arrived; its history
    // names it a payment received, though the order stays shipped.
    const paidOlder = await orderOf(buyer, older._id);
    expect(paidOlder.moneyMovements).toEqual([
      {
        kind: "payment",
        amount: 1000,
        method: "transfer",
        reference: first.json<PaymentReceived>().reference,
        day: today(),
      },
    ]);
    expect(paidOlder.statusHistory.map(({ kind, status }) => [kind, status])).toEqual([
      ["placed", "unpaid"],
      ["shipped", "shipped"],
      ["payment-received", "shipped"],
    ]);

    // Paying more than is owed leaves credit, which pays the next invoice as soon as it is issued.
    // A transfer dated back: the order lists the day it arrived, not the day it was recorded.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const second = await pay(companyId, 2000, { receivedAt: threeDaysAgo });
    expect(second.json<PaymentReceived>()).toMatchObject({
      allocations: [{ orderId: newer._id, amount: 700 }],
      creditBalance: 1300,
    });
    expect((await orderOf(buyer, newer._id)).moneyMovements).toEqual([
      {
        kind: "payment",
        amount: 800,
        method: "transfer",
        reference: first.json<PaymentReceived>().reference,
        day: today(),
      },
      {
        kind: "payment",
        amount: 700,
        method: "transfer",
        reference: second.json<PaymentReceived>().reference,
        day: threeDaysAgo,
      },
    ]);
    const next = await invoiced(buyer, 1000);
    expect(next).toMatchObject({ paymentStatus: "paid", amountPaid: 1000, balance: 0 });
    // Paid as it was issued, by the company's credit.
    expect(next.moneyMovements).toEqual([
      {
        kind: "payment",
        amount: 1000,
        method: "credit",
        reference: `Credit to ${next.invoice?.number}`,
        day: today(),
      },
    ]);
    const credit = (await call("GET", `/api/companies/${companyId}/credit`, buyer)).json<CompanyCredit>();
    expect(credit.used).toBe(0);
  });

  it("pays the invoices an admin names, and refuses what does not fit: nothing recorded", async () => {
    const { buyer, companyId } = await companyOnAccount();
    const [a, b] = [await invoiced(buyer, 1000), await invoiced(buyer, 1000)];
    const named = await pay(companyId, 600, { allocations: [{ orderId: b._id, amount: 600 }] });
    expect(named.statusCode, named.body).toBe(201);
    expect((await orderOf(buyer, a._id)).balance).toBe(1000);
    expect((await orderOf(buyer, b._id)).balance).toBe(400);

    const above = await pay(companyId, 600, { allocations: [{ orderId: b._id, amount: 500 }] });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(`Order ${b.number} has $400.00 left to pay.`);
    const stranger = await companyOnAccount();
    const theirs = await invoiced(stranger.buyer, 100);
    const elsewhere = await pay(companyId, 100, { allocations: [{ orderId: theirs._id, amount: 100 }] });
    expect(elsewhere.statusCode).toBe(404);
    const more = await pay(companyId, 100, { allocations: [{ orderId: a._id, amount: 200 }] });
    expect(more.statusCode).toBe(400);
    expect(more.json().errors[0]).toMatchObject({ field: "allocations" });
    for (const amount of [0, -5, 10.001]) expect((await pay(companyId, amount)).statusCode).toBe(400);
    expect((await pay(companyId, 10, { receivedAt: "2999-01-01" })).statusCode).toBe(400);

    const once = await pay(companyId, 100, { reference: "TRF-ONCE" });
    expect(once.statusCode).toBe(201);
    const twice = await pay(companyId, 100, { reference: "TRF-ONCE" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("A payment with the reference TRF-ONCE is recorded already.");
    // Only the refused payments' money is missing: 600 + 100 paid, nothing else.
    expect((await orderOf(buyer, a._id)).balance + (await orderOf(buyer, b._id)).balance).toBe(1300);
  });

  it("two payments at once never pay one balance twice", async () => {
    const { buyer, companyId } = await companyOnAccount();
    const order = await invoiced(buyer, 1000);
    const answers = await Promise.all([pay(companyId, 1000), pay(companyId, 1000)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const paid = answers.flatMap((answer) => answer.json<PaymentReceived>().allocations);
    expect(paid).toEqual([
      { orderId: order._id, number: order.number, invoiceNumber: order.invoice?.number, amount: 1000 },
    ]);
    expect(Math.max(...answers.map((answer) => answer.json<PaymentReceived>().creditBalance))).toBe(1000);
  });

  it("reminds the buyer and the owners before, on and after the due date, each step once; none once paid", async () => {
    const { owner, buyer, companyId } = await companyOnAccount();
    const owing = await invoiced(buyer, 1000);
    const settled = await invoiced(buyer, 500);
    await pay(companyId, 500, { allocations: [{ orderId: settled._id, amount: 500 }] });
    const dueAt = Date.parse(owing.invoice?.dueAt ?? "");
    const reminders = async (who: TestAccount) =>
      (await mailsTo(ctx.db, who.email))
        .filter((mail) => mail.template === "invoice-reminder")
        .map((mail) => mail.data as { step: string; invoiceNumber: string });

    // Two instances check at once, three days before: one reminder each, of the unpaid invoice only.
    const threeDaysBefore = new Date(dueAt - 3 * 86_400_000 + 60_000);
    await Promise.all([sendDueReminders(ctx.db, threeDaysBefore), sendDueReminders(ctx.db, threeDaysBefore)]);
    await sendDueReminders(ctx.db, threeDaysBefore);
    for (const who of [buyer, owner]) {
      expect(await reminders(who)).toEqual([{ ...reminderOf(owing), step: "before-due" }]);
    }
    // Nothing checked for a month: the latest step goes, the two passed are not sent late.
    await sendDueReminders(ctx.db, new Date(dueAt + 31 * 86_400_000));
    expect((await reminders(buyer)).map((mail) => mail.step)).toEqual(["before-due", "overdue-30"]);
    const [mail] = (await mailsTo(ctx.db, owner.email)).filter((row) => row.template === "invoice-reminder");
    const composed = await composeMail(owner.email, "invoice-reminder", mail?.data as never, SHOP);
    expect(composed.subject).toBe(`Invoice ${owing.invoice?.number} is due in 3 days`);
    expect(composed.text).toContain(`$1,000.00 is still owed`);
  });

  it("reminds the owners only once the order's buyer has left the company", async () => {
    const { owner, buyer, companyId } = await companyOnAccount();
    const owing = await invoiced(buyer, 1000);
    await ctx.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, buyer.email)));
    await sendDueReminders(ctx.db, new Date(Date.parse(owing.invoice?.dueAt ?? "") + 60_000));
    const reminded = async (who: TestAccount) =>
      (await mailsTo(ctx.db, who.email)).filter((mail) => mail.template === "invoice-reminder");
    expect(await reminded(buyer)).toEqual([]);
    expect(await reminded(owner)).toHaveLength(1);
  });

  it("keeps every balance equal to a recount of the ledger after random histories with credit notes", async () => {
    const { buyer, companyId } = await companyOnAccount();
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("invoice" as const),
        dollars: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
      }),
      fc.record({ kind: fc.constant("payment" as const), dollars: fc.integer({ min: 1, max: 4000 }) }),
      // A credit note on one of the invoices so far (which one: `pick`), of any amount, above what is left too.
      fc.record({
        kind: fc.constant("credit" as const),
        dollars: fc.integer({ min: 1, max: 3000 }),
        pick: fc.nat(),
      }),
    );
    const issued: OrderWithCredit[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const { kind, dollars, ...rest } of steps) {
          if (kind === "invoice") issued.push(await invoiced(buyer, dollars));
          else if (kind === "payment") expect((await pay(companyId, dollars)).statusCode).toBe(201);
          else {
            const order = issued.length > 0 ? issued[("pick" in rest ? rest.pick : 0) % issued.length] : undefined;
            if (!order) continue;
            const before = await orderOf(buyer, order._id);
            const left = before.price - before.credited;
            const credited = await call("POST", `/api/admin/orders/${order._id}/credit-notes`, admin, {
              amount: dollars,
              reason: "Goodwill",
            });
            expect(credited.statusCode, credited.body).toBe(left <= 0 || dollars > left ? 409 : 201);
          }
        }
        // Each order's balance, the money it holds and what was credited of it, against the ledger's entries.
        const byOrder = await ctx.db.execute(sql`
          select o.total_cents - o.credited_cents - o.amount_paid_cents as kept,
                 (select coalesce(sum(e.owed_cents), 0) from ${ledgerEntries} e where e.order_id = o.id) as recount,
                 o.amount_paid_cents as paid,
                 (select coalesce(sum(-e.owed_cents) filter (where e.kind <> 'credit-note'), 0)
                       - coalesce(sum(e.credit_cents) filter (where e.kind = 'credit-note'), 0)
                    from ${ledgerEntries} e where e.order_id = o.id and e.kind <> 'invoice') as paid_recount,
                 o.credited_cents as credited,
                 (select coalesce(sum(e.credit_cents - e.owed_cents), 0)
                    from ${ledgerEntries} e where e.order_id = o.id and e.kind = 'credit-note') as credited_recount
            from ${orders} o where o.company_id = ${companyId} and o.invoice_number is not null`);
        type Kept = Record<"kept" | "recount" | "paid" | "paid_recount" | "credited" | "credited_recount", string>;
        for (const row of (byOrder as unknown as { rows: Kept[] }).rows) {
          expect(Number(row.kept)).toBe(Number(row.recount));
          expect(Number(row.paid)).toBe(Number(row.paid_recount));
          expect(Number(row.credited)).toBe(Number(row.credited_recount));
        }
        const [kept] = await ctx.db.select().from(companyCredits).where(eq(companyCredits.companyId, companyId));
        const [recount] = await ctx.db
          .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.creditCents}), 0)` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.companyId, companyId));
        expect(kept?.creditCents ?? 0).toBe(Number(recount?.cents));
        // No money made or lost: received and given back by credit notes = put against invoices + credit left…
        const [money] = await ctx.db
          .select({
            received: sql<string>`coalesce(sum(${ledgerEntries.creditCents}) filter (where ${ledgerEntries.kind} in ('payment', 'credit-note')), 0)`,
            allocated: sql<string>`coalesce(-sum(${ledgerEntries.owedCents}) filter (where ${ledgerEntries.kind} = 'allocation'), 0)`,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.companyId, companyId));
        expect(Number(money?.received)).toBe(Number(money?.allocated) + (kept?.creditCents ?? 0));
        // …and every invoice is what is owed on it, what it holds and what was credited of it.
        const [whole] = await ctx.db
          .select({
            invoiced: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
            parts: sql<string>`coalesce(sum(${orders.creditedCents} + ${orders.amountPaidCents}), 0)`,
          })
          .from(orders)
          .where(sql`${orders.companyId} = ${companyId} and ${orders.invoiceNumber} is not null`);
        const [owed] = await ctx.db
          .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.owedCents}), 0)` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.companyId, companyId));
        expect(Number(whole?.invoiced)).toBe(Number(whole?.parts) + Number(owed?.cents));
      }),
      { numRuns: 6 },
    );
  });
});
