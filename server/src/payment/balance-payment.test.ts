import type { OrderWithCredit, Product } from "@forgeline/contract";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../mail/queries.js";
import { orderEvents, orders } from "../ordering/tables.js";
import { companyCredits, ledgerEntries } from "../receivables/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { VISA } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { settleIntent } from "./settle.js";
import { paymentIntents } from "./tables.js";
import { testPaymentProvider } from "./test-provider.js";

/**
 * Paying an invoice's balance by card (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'): the amount is
 * what the ledger says is owed, the payment is a `card-payment` entry of the company's ledger, the order is
 * paid in part or in full from it, no stock moves, and one payment never credits twice.
 */
describe("paying an invoice's balance by card", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    steps = onAccountSteps(ctx, await signUp(ctx.app, { admin: true }));
  });
  afterAll(() => ctx.close());

  const post = (url: string, who: TestAccount | null, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: { ...headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const openBalance = (who: TestAccount | null, orderId: string, headers?: Record<string, string>) =>
    post(`/api/payments/${orderId}/balance-intent`, who, undefined, headers);
  const confirm = (who: TestAccount, clientSecret: string, card = VISA, headers?: Record<string, string>) =>
    post("/api/payments/test/confirm", who, { clientSecret, ...card }, headers);
  const orderOf = async (who: TestAccount, id: string) =>
    (await steps.call("GET", `/api/ordering/${id}`, who)).json<OrderWithCredit & { actions: string[] }>();
  const stockOf = async (order: OrderWithCredit) =>
    (await steps.call("GET", `/api/product/${order.orderId}`, null)).json<Product>().quantity;
  const ledgerOf = (orderId: string) =>
    ctx.db
      .select({ kind: ledgerEntries.kind, owedCents: ledgerEntries.owedCents, reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId))
      .orderBy(ledgerEntries.createdAt);

  it("pays the whole balance: a card-payment entry in the ledger, the order paid, its stock untouched", async () => {
    const { buyer, companyId } = await steps.companyOnAccount();
    const order = await steps.invoiced(buyer, 1500);
    expect(order).toMatchObject({ paymentStatus: "unpaid", balance: 1500 });
    expect((await orderOf(buyer, order._id)).actions).toContain("pay:order");
    const stock = await stockOf(order);

    const opened = await openBalance(buyer, order._id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_test_/), amount: 1500 });
    const paid = await confirm(buyer, opened.json().clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId = paid.json().transactionId;
    expect(paid.json()).toEqual({ status: "succeeded", transactionId: expect.stringMatching(/^pi_test_/) });

    const after = await orderOf(buyer, order._id);
    expect(after).toMatchObject({
      status: "shipped",
      fulfilmentStatus: "shipped",
      paymentStatus: "paid",
      amountPaid: 1500,
      balance: 0,
      overdue: false,
      // The card paid the invoice, not the order: a refund goes through the invoice, not this payment.
      transactionId: null,
    });
    expect(after.actions).not.toContain("pay:order");
    expect(after.statusHistory.at(-1)).toMatchObject({ note: `$1,500.00 paid by card: ${transactionId}` });
    expect(await ledgerOf(order._id)).toEqual([
      { kind: "invoice", owedCents: 150_000, reference: order.invoice?.number },
      { kind: "card-payment", owedCents: -150_000, reference: transactionId },
    ]);
    expect(await stockOf(order)).toBe(stock);
    // Its word stays "shipped": the buyer is not told it shipped a second time.
    const mails = (await mailsTo(ctx.db, buyer.email)).map((mail) => mail.template);
    expect(mails.filter((template) => template === "order-shipped")).toHaveLength(1);
    const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, transactionId));
    expect(intent).toMatchObject({ status: "succeeded", amountCents: 150_000 });
    const credit = await steps.call("GET", `/api/companies/${companyId}/credit`, buyer);
    expect(credit.json()).toMatchObject({ used: 0 });
    // The company's credit is money received by transfer: a card payment leaves it as it was.
    expect(await ctx.db.select().from(companyCredits).where(eq(companyCredits.companyId, companyId))).toEqual([]);
  });

  it("pays what a transfer left, by an owner of the company; requesters, outsiders and admins may not", async () => {
    const { buyer, companyId, members } = await steps.companyOnAccount("Part Paid Co", ["owner", "requester"]);
    const [owner, requester] = members as [TestAccount, TestAccount];
    const order = await steps.invoiced(buyer, 1000);
    expect((await steps.pay(companyId, 400)).statusCode).toBe(201);
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "partially-paid", balance: 600 });

    expect((await openBalance(null, order._id)).statusCode).toBe(401);
    expect((await openBalance(requester, order._id)).statusCode).toBe(404);
    expect((await openBalance(await signUp(ctx.app), order._id)).statusCode).toBe(404);
    expect((await openBalance(await signUp(ctx.app, { admin: true }), order._id)).statusCode).toBe(404);

    const opened = await openBalance(owner, order._id);
    expect(opened.json()).toMatchObject({ amount: 600 });
    const paid = await confirm(owner, opened.json().clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "paid", amountPaid: 1000, balance: 0 });
    expect((await ledgerOf(order._id)).map((entry) => [entry.kind, entry.owedCents])).toEqual([
      ["invoice", 100_000],
      ["allocation", -40_000],
      ["card-payment", -60_000],
    ]);
  });

  it("refuses a card order, an order not invoiced yet, a cancelled one and an invoice paid: 409, nothing opened", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Refusals Co");
    const refusal = async (orderId: string) => {
      const answer = await openBalance(buyer, orderId);
      return { status: answer.statusCode, message: answer.json().message };
    };
    const byCard = await steps.call("POST", "/api/ordering", buyer, {
      orderId: (await steps.invoiced(buyer, 100)).orderId,
      quantity: 100,
      phone: "5550100000",
      address: "1 Yard Road",
    });
    expect(await refusal(byCard.json().insertedId)).toEqual({
      status: 409,
      message: "This order is paid by card before it ships: it has no invoice balance to pay.",
    });
    const notShipped = await steps.placed(buyer, 200);
    expect(await refusal(notShipped)).toEqual({
      status: 409,
      message: "This order has no invoice yet: it can be paid once it ships.",
    });
    expect((await steps.call("POST", `/api/ordering/${notShipped}/cancel`, buyer)).statusCode).toBe(200);
    expect(await refusal(notShipped)).toEqual({
      status: 409,
      message: "This order is cancelled: nothing is owed on it.",
    });
    const settled = await steps.invoiced(buyer, 300);
    await steps.pay(companyId, 300, { allocations: [{ orderId: settled._id, amount: 300 }] });
    expect(await refusal(settled._id)).toEqual({
      status: 409,
      message: `Invoice ${settled.invoice?.number} is paid: nothing is left to pay on it.`,
    });
    expect((await openBalance(buyer, "not-an-id")).statusCode).toBe(400);
    expect((await openBalance(buyer, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    // The card orders' route takes no order on account, whatever price is sent.
    const asCardOrder = await post("/api/create-payment-intent", buyer, { orderId: settled._id, price: 300 });
    expect(asCardOrder.statusCode).toBe(409);
    const opened = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, notShipped));
    expect(opened).toEqual([]);
  });

  it("never credits one payment twice: a confirmation replayed, doubled or settled again changes nothing", async () => {
    const { buyer } = await steps.companyOnAccount("Replay Co");
    const order = await steps.invoiced(buyer, 800);
    const opened = await openBalance(buyer, order._id, { "idempotency-key": `open-${order._id}` });
    const again = await openBalance(buyer, order._id, { "idempotency-key": `open-${order._id}` });
    expect(again.body).toBe(opened.body);
    const { clientSecret } = opened.json();
    const key = { "idempotency-key": `pay-${order._id}` };
    const [first, second] = await Promise.all([confirm(buyer, clientSecret), confirm(buyer, clientSecret)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const replayed = await confirm(buyer, clientSecret, VISA, key);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().message).toBe(`Invoice ${order.invoice?.number} is paid: nothing is left to pay on it.`);
    expect((await confirm(buyer, clientSecret, VISA, key)).body).toBe(replayed.body);

    // The provider's webhook for the same payment, twice: already paid, nothing more.
    const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id));
    if (!intent) throw new Error("no intent");
    const payments = { db: ctx.db, provider: testPaymentProvider(), stockTaken: async () => undefined };
    const log = ctx.app.log as FastifyBaseLogger;
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const settled = await settleIntent(payments, log, intent, { ...intent, state: "succeeded" });
      expect(settled).toEqual({ ok: true, value: "already-paid" });
    }
    expect((await ledgerOf(order._id)).filter((entry) => entry.kind === "card-payment")).toHaveLength(1);
    const paid = await orderOf(buyer, order._id);
    expect(paid).toMatchObject({ amountPaid: 800, balance: 0 });
    // One movement of money, by card, named by the provider's payment; one history entry, a payment received.
    expect(paid.moneyMovements).toEqual([
      { kind: "payment", amount: 800, method: "card", reference: intent.id, day: expect.any(String) },
    ]);
    expect(paid.statusHistory.filter((event) => event.kind === "payment-received")).toHaveLength(1);
    const paidEvents = await ctx.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), sql`${orderEvents.note} like '%paid by card%'`));
    expect(paidEvents).toHaveLength(1);
  });

  it("re-reads the invoice when the card is confirmed: a transfer that came first makes the card payment give way", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Race Co");
    const order = await steps.invoiced(buyer, 1000);
    const stale = (await openBalance(buyer, order._id)).json();
    expect(stale.amount).toBe(1000);
    expect((await steps.pay(companyId, 250)).statusCode).toBe(201);

    const refused = await confirm(buyer, stale.clientSecret);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This payment was canceled. Nothing was charged. Please pay again.");
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "partially-paid", balance: 750 });
    const fresh = (await openBalance(buyer, order._id)).json();
    expect(fresh.amount).toBe(750);
    expect(fresh.clientSecret).not.toBe(stale.clientSecret);
    expect((await confirm(buyer, fresh.clientSecret)).statusCode).toBe(200);
    expect(await orderOf(buyer, order._id)).toMatchObject({ paymentStatus: "paid", amountPaid: 1000 });
    const intents = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.orderId, order._id));
    expect(intents.map((intent) => [intent.amountCents, intent.status]).sort()).toEqual([
      [100_000, "canceled"],
      [75_000, "succeeded"],
    ]);
  });

  it("keeps every balance equal to a recount of the ledger after random invoices, transfers and card payments", async () => {
    const { buyer, companyId } = await steps.companyOnAccount("Recount Co");
    const invoices: string[] = [];
    const step = fc.oneof(
      fc.record({ kind: fc.constant("invoice" as const), n: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant("transfer" as const), n: fc.integer({ min: 1, max: 4000 }) }),
      fc.record({ kind: fc.constant("card" as const), n: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (history) => {
        for (const { kind, n } of history) {
          if (kind === "invoice") invoices.push((await steps.invoiced(buyer, n * 100))._id);
          else if (kind === "transfer") expect((await steps.pay(companyId, n)).statusCode).toBe(201);
          else {
            // A card payment of one of the invoices, whatever it owes: 200 while it owes, else 409.
            const orderId = invoices[n % Math.max(invoices.length, 1)];
            if (!orderId) continue;
            const owed = (await orderOf(buyer, orderId)).balance;
            const opened = await openBalance(buyer, orderId);
            expect(opened.statusCode).toBe(owed > 0 ? 200 : 409);
            if (owed > 0) expect((await confirm(buyer, opened.json().clientSecret)).statusCode).toBe(200);
          }
        }
        const rows = await ctx.db.execute(sql`
          select o.total_cents - o.amount_paid_cents as kept, o.amount_paid_cents as paid,
                 (select coalesce(sum(e.owed_cents), 0) from ${ledgerEntries} e where e.order_id = o.id) as recount,
                 (select coalesce(-sum(e.owed_cents), 0) from ${ledgerEntries} e
                   where e.order_id = o.id and e.kind in ('allocation', 'card-payment')) as received
            from ${orders} o where o.company_id = ${companyId} and o.invoice_number is not null`);
        for (const row of (rows as unknown as { rows: Record<string, string>[] }).rows) {
          expect(Number(row.kept)).toBe(Number(row.recount));
          // What an order was paid is what was put against it, by transfer or by card: nothing made or lost.
          expect(Number(row.paid)).toBe(Number(row.received));
        }
        const [kept] = await ctx.db.select().from(companyCredits).where(eq(companyCredits.companyId, companyId));
        const [money] = await ctx.db
          .select({
            credit: sql<string>`coalesce(sum(${ledgerEntries.creditCents}), 0)`,
            received: sql<string>`coalesce(sum(${ledgerEntries.creditCents}) filter (where ${ledgerEntries.kind} = 'payment'), 0)`,
            allocated: sql<string>`coalesce(-sum(${ledgerEntries.owedCents}) filter (where ${ledgerEntries.kind} = 'allocation'), 0)`,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.companyId, companyId));
        expect(kept?.creditCents ?? 0).toBe(Number(money?.credit));
        expect(Number(money?.received)).toBe(Number(money?.allocated) + (kept?.creditCents ?? 0));
      }),
      { numRuns: 6 },
    );
  });
});
