import { type AdminStats, addDays, isoDay, ORDER_STATUSES, type Product } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { mailsTo } from "../mail/queries.js";
import { creditNotes, salesByDay } from "../ordering/money-tables.js";
import { ordersWaitingQuery } from "../ordering/queries/reports.js";
import { recountSalesByDay } from "../ordering/queries/sales.js";
import { orders } from "../ordering/tables.js";
import { paymentIntents, paymentRefunds } from "../payment/tables.js";
import { insertQuote } from "../quote/queries.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { orderSteps } from "../test/orders.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";
import { checkLowStock } from "./low-stock-mail.js";
import { statsDayStatuses, statsDays } from "./tables.js";

describe("GET /api/admin/stats: the shop owner's overview", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  const today = isoDay(new Date());

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const stats = async (query = "", account: TestAccount | null = admin) =>
    ctx.app.inject({ method: "GET", url: `/api/admin/stats${query}`, headers: account ? bearer(account.token) : {} });
  const figures = async (query = "") => {
    const response = await stats(query);
    expect(response.statusCode).toBe(200);
    return response.json<AdminStats>();
  };
  const patch = (productId: string, payload: object) =>
    ctx.app.inject({ method: "PATCH", url: `/api/product/${productId}`, headers: bearer(admin.token), payload });
  // A payment moved into the past, and what the tools sold per day counted again from the orders.
  const movePaidAt = async (orderId: string, daysAgo: number) => {
    await ctx.db
      .update(orders)
      .set({ paidAt: sql`now() - make_interval(days => ${daysAgo})` })
      .where(eq(orders.id, orderId));
    await recountSalesByDay(ctx.db);
  };

  it("an empty shop: every day of the last 90 is there with 0, nothing waits, nothing sold", async () => {
    const empty = await figures();
    expect(empty.to).toBe(today);
    expect(empty.from).toBe(addDays(today, -89));
    expect(empty.revenueByDay).toHaveLength(90);
    expect(empty.revenueByDay.every((day) => day.revenue === 0)).toBe(true);
    expect(empty.revenueByDay[0]?.date).toBe(empty.from);
    expect(empty.revenueByDay.at(-1)?.date).toBe(today);
    expect(empty.revenue).toEqual({ today: 0, last7Days: 0, last30Days: 0 });
    expect(empty.topTools).toEqual([]);
    expect(empty.ordersByStatus.every((row) => row.count === 0)).toBe(true);
    expect(empty.ordersByStatus).toHaveLength(ORDER_STATUSES.length);
  });

  it("counts the orders waiting for the shop from an index alone, reading no order's row", async () => {
    // Which open orders wait depends on how they are paid: read from the rows, the 20 000 open orders of the bench
    // took half the overview's time on the embedded database (docs/PERFORMANCE.md, 'Search and overview on the
    // embedded database'). Whatever plan the planner prefers for a table this small, an index must answer it alone.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained = await tx.execute(sql`explain (costs off) ${ordersWaitingQuery(tx)}`);
      return (explained as unknown as { rows: { "QUERY PLAN": string }[] }).rows
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toContain("Index Only Scan using orders_by_status");
  });

  it("revenue is paid minus refunded, each on its day; a day without orders shows 0; the top tools by revenue", async () => {
    const drill = await steps.newTool();
    const saw = await steps.newTool();
    // $10 a piece, no tax, no promotion: 150 drills $1,500; 200 saws $2,000; 100 drills $1,000, refunded.
    const first = await steps.paidOrder(customer, drill);
    const second = await steps.placeOrder(customer, saw, 200);
    expect((await steps.pay(customer, second)).statusCode).toBe(200);
    const refunded = await steps.placeOrder(customer, drill, 100);
    expect((await steps.pay(customer, refunded)).statusCode).toBe(200);

    expect((await figures()).revenue).toEqual({ today: 4500, last7Days: 4500, last30Days: 4500 });

    // Paid three days ago, refunded today: the payment counts on its day, the refund on today.
    await movePaidAt(refunded._id, 3);
    const refund = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${refunded._id}/refund`,
      headers: bearer(admin.token),
      payload: { restock: true },
    });
    expect(refund.statusCode).toBe(200);
    // The first order was paid 40 days ago: outside the 30 days, inside the 90.
    await movePaidAt(first._id, 40);

    const after = await figures();
    expect(after.revenue).toEqual({ today: 1000, last7Days: 2000, last30Days: 2000 });
    const day = (date: string) => after.revenueByDay.find((row) => row.date === date)?.revenue;
    expect(day(today)).toBe(1000);
    expect(day(addDays(today, -1))).toBe(0);
    expect(day(addDays(today, -3))).toBe(1000);
    expect(day(addDays(today, -40))).toBe(1500);
    expect(after.revenueByDay.reduce((sum, row) => sum + row.revenue, 0)).toBe(3500);
    // The range's whole, added in cents by the server: what the page says "in all".
    expect(after.revenueInRange).toBe(3500);
    expect(after.revenueByDay).toHaveLength(90);
    // The refunded order's drills are no longer sold: the saws lead.
    expect(after.topTools.map((tool) => [tool.productId, tool.sku, tool.pieces, tool.revenue])).toEqual([
      [saw._id, saw.sku, 200, 2000],
      [drill._id, drill.sku, 150, 1500],
    ]);
    expect(after.ordersToShip).toBe(2);
    const byStatus = Object.fromEntries(after.ordersByStatus.map((row) => [row.status, row.count]));
    expect(byStatus).toMatchObject({ paid: 2, refunded: 1, unpaid: 0 });

    // A range of days that saw nothing: every day there, 0.
    const quiet = await figures("?from=2020-02-01&to=2020-02-29");
    expect(quiet.revenueByDay).toHaveLength(29);
    expect(quiet.revenueByDay.every((row) => row.revenue === 0)).toBe(true);
    expect(quiet.revenueInRange).toBe(0);
    expect(quiet.topTools).toEqual([]);
    // The cards do not follow the range: they are about now.
    expect(quiet.revenue).toEqual(after.revenue);

    // A shorter range leaves the first order out of the series and of the top tools.
    const week = await figures(`?from=${addDays(today, -6)}&to=${today}`);
    expect(week.revenueByDay.map((row) => row.revenue)).toEqual([0, 0, 0, 1000, 0, 0, 1000]);
    expect(week.revenueInRange).toBe(2000);
    expect(week.topTools.map((tool) => tool.productId)).toEqual([saw._id]);

    // The refund of a payment that never paid an order (a duplicate) takes nothing from the revenue.
    const [intent] = await ctx.db
      .select({ id: paymentIntents.id })
      .from(paymentIntents)
      .where(eq(paymentIntents.orderId, second._id));
    await ctx.db
      .insert(paymentRefunds)
      .values({ id: `re_dup_${Date.now()}`, intentId: intent?.id ?? "", amountCents: 99_900, reason: "duplicate" });
    expect((await figures()).revenue.today).toBe(1000);
  });

  it("counts the work waiting: orders to ship, approvals pending, quotes to price", async () => {
    const before = await figures();
    const waiting = await steps.placeOrder(customer);
    await ctx.db.update(orders).set({ fulfilmentStatus: "awaiting-approval" }).where(eq(orders.id, waiting._id));
    const tool = await steps.newTool();
    const line = {
      productId: tool._id,
      sku: tool.sku,
      name: tool.name,
      quantity: 100,
      listUnitCents: 1000,
      unitCents: null,
    };
    await insertQuote(ctx.db, { userEmail: customer.email, companyId: null, note: "", lines: [line] });
    const paid = await steps.paidOrder(customer);
    const after = await figures();
    expect(after.approvalsPending).toBe(before.approvalsPending + 1);
    expect(after.quotesToPrice).toBe(before.quotesToPrice + 1);
    expect(after.ordersToShip).toBe(before.ordersToShip + 1);
    await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${paid._id}/ship`,
      headers: bearer(admin.token),
      payload: { carrier: "DHL", trackingNumber: "1" },
    });
    expect((await figures()).ordersToShip).toBe(before.ordersToShip);
  });

  it("keeps what each tool sold per day as the orders say, through payments and refunds", async () => {
    const customer = await signUp(ctx.app);
    const [hammer, file] = [await steps.newTool(), await steps.newTool()];
    await steps.paidOrder(customer, hammer);
    const refunded = await steps.paidOrder(customer, file);
    await steps.placeOrder(customer, hammer, 100);
    const refund = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${refunded._id}/refund`,
      headers: bearer(admin.token),
      payload: { restock: true },
    });
    expect(refund.statusCode).toBe(200);
    const sold = () => ctx.db.select().from(salesByDay).orderBy(salesByDay.day, salesByDay.productId);
    const kept = await sold();
    // The unpaid order sells nothing yet; the refunded one sold nothing in the end.
    expect(kept.find((row) => row.productId === hammer._id)).toMatchObject({ pieces: 150, sku: hammer.sku });
    expect(kept.find((row) => row.productId === file._id)).toMatchObject({ pieces: 0, cents: 0 });
    await recountSalesByDay(ctx.db);
    expect(await sold()).toEqual(kept.filter((row) => row.pieces !== 0));
  });

  it("the days before today are counted once, then kept right by every later write to them", async () => {
    const before = await figures();
    const order = await steps.paidOrder(customer);
    // Placed and paid five days ago (a day already counted), then shipped today.
    const fiveDaysAgo = sql`now() - make_interval(days => 5)`;
    await ctx.db.update(orders).set({ createdAt: fiveDaysAgo, paidAt: fiveDaysAgo }).where(eq(orders.id, order._id));
    const ship = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/ship`,
      headers: bearer(admin.token),
      payload: { carrier: "DHL", trackingNumber: "2" },
    });
    expect(ship.statusCode).toBe(200);
    const after = await figures();
    const status = (stats: AdminStats, name: string) => stats.ordersByStatus.find((row) => row.status === name)?.count;
    expect(status(after, "shipped")).toBe((status(before, "shipped") ?? 0) + 1);
    const day = (stats: AdminStats) => stats.revenueByDay.find((row) => row.date === addDays(today, -5))?.revenue ?? 0;
    expect(day(after)).toBeGreaterThan(day(before));
    expect(after.revenue.today).toBe(before.revenue.today);
    // Every day counted afresh from the orders says the same.
    await ctx.db.delete(statsDayStatuses);
    await ctx.db.delete(statsDays);
    expect(await figures()).toEqual(after);
  });

  it("takes a credit note off revenue once its order is paid, on the later of the two days; kept days agree", async () => {
    const account = onAccountSteps(ctx, admin);
    const creditNote = (orderId: string, amount: number) => account.credit(orderId, { amount });
    // Earlier tests moved payments into the past by hand: what the tools sold is counted again from them first.
    await recountSalesByDay(ctx.db);
    const before = await figures();
    const revenueToday = async () => (await figures()).revenue.today;
    const start = before.revenue.today;

    // Paid in full, then credited $400: the $1,000 counts, the $400 comes off.
    const paidFirst = await account.companyOnAccount("Paid Then Credited Co");
    const paidOrder = await account.invoiced(paidFirst.buyer, 1000);
    expect((await account.pay(paidFirst.companyId, 1000)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 1000);
    expect((await creditNote(paidOrder._id, 400)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 600);

    // Credited $300 before it is paid: nothing counts yet; once paid, the $700 received.
    const creditedFirst = await account.companyOnAccount("Credited Then Paid Co");
    const creditedOrder = await account.invoiced(creditedFirst.buyer, 1000);
    expect((await creditNote(creditedOrder._id, 300)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 600);
    expect((await account.pay(creditedFirst.companyId, 700)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 1300);

    // Paid $600 of $1,000, the rest credited: settled so, it brings the $600 received.
    const paidInPart = await account.companyOnAccount("Paid In Part Co");
    const partOrder = await account.invoiced(paidInPart.buyer, 1000);
    expect((await account.pay(paidInPart.companyId, 600)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 1300);
    expect((await creditNote(partOrder._id, 400)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 1900);

    // Credited and still owing: it never counted, so its credit note takes nothing off.
    const owing = await account.companyOnAccount("Still Owing Co");
    const owingOrder = await account.invoiced(owing.buyer, 500);
    expect((await creditNote(owingOrder._id, 200)).statusCode).toBe(201);
    expect(await revenueToday()).toBe(start + 1900);

    // What the tools sold, as kept step by step, is what the orders say now.
    const sold = () => ctx.db.select().from(salesByDay).orderBy(salesByDay.day, salesByDay.productId);
    const keptSales = await sold();
    expect(keptSales.filter((row) => row.cents > 0).map((row) => row.cents)).toContain(100_000);
    await recountSalesByDay(ctx.db);
    expect(await sold()).toEqual(keptSales.filter((row) => row.pieces !== 0));

    // Into days already kept: paid 5 days ago and credited 3 days ago; credited 6 days ago and paid 4 days ago
    // (that credit note counts on the day of the payment).
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    await ctx.db
      .update(orders)
      .set({ paidAt: daysAgo(5) })
      .where(eq(orders.id, paidOrder._id));
    await ctx.db
      .update(creditNotes)
      .set({ issuedAt: daysAgo(3) })
      .where(eq(creditNotes.orderId, paidOrder._id));
    await ctx.db
      .update(creditNotes)
      .set({ issuedAt: daysAgo(6) })
      .where(eq(creditNotes.orderId, creditedOrder._id));
    await ctx.db
      .update(orders)
      .set({ paidAt: daysAgo(4) })
      .where(eq(orders.id, creditedOrder._id));
    const moved = await figures();
    const day = (stats: AdminStats, days: number) =>
      stats.revenueByDay.find((row) => row.date === addDays(today, -days))?.revenue ?? 0;
    expect(moved.revenue.today).toBe(start + 600);
    expect(day(moved, 5)).toBe(day(before, 5) + 1000);
    expect(day(moved, 4)).toBe(day(before, 4) + 700);
    expect(day(moved, 3)).toBe(day(before, 3) - 400);
    expect(day(moved, 6)).toBe(day(before, 6));
    expect(moved.revenueInRange).toBe(before.revenueInRange + 1900);
    // Every day counted afresh from the orders and credit notes says the same as the days the triggers kept.
    await ctx.db.delete(statsDayStatuses);
    await ctx.db.delete(statsDays);
    expect(await figures()).toEqual(moved);
  });

  it("a tool crosses its threshold: by default twice its rule's minimum, else its own", async () => {
    const tool = await steps.newTool(1000);
    const low = async () => (await figures()).lowStock.tools.find((row) => row._id === tool._id);
    expect(await low()).toBeUndefined();
    // Rule 100..200: the default threshold is 200; 199 pieces are low, 200 are not.
    expect((await patch(tool._id, { quantity: 200 })).statusCode).toBe(200);
    expect(await low()).toBeUndefined();
    const countBefore = (await figures()).lowStock.count;
    expect((await patch(tool._id, { quantity: 199 })).statusCode).toBe(200);
    // Each low tool names the warehouses keeping it, with what each has available.
    expect(await low()).toEqual({
      _id: tool._id,
      name: tool.name,
      sku: tool.sku,
      quantity: 199,
      threshold: 200,
      byWarehouse: [{ code: "MAIN", available: 199 }],
    });
    expect((await figures()).lowStock.count).toBe(countBefore + 1);

    // Its own threshold: 150 makes 199 enough, 149 low again.
    const set = await patch(tool._id, { lowStockThreshold: 150 });
    expect(set.statusCode).toBe(200);
    expect(set.json<Product>().lowStockThreshold).toBe(150);
    const read = await ctx.app.inject({ method: "GET", url: `/api/product/${tool._id}` });
    expect(read.json<Product>().lowStockThreshold).toBe(150);
    expect(await low()).toBeUndefined();
    await patch(tool._id, { quantity: 149 });
    expect((await low())?.threshold).toBe(150);
    // 0: never low. null: back to the default.
    await patch(tool._id, { lowStockThreshold: 0, quantity: 0 });
    expect(await low()).toBeUndefined();
    const reset = await patch(tool._id, { lowStockThreshold: null });
    expect(reset.json<Product>().lowStockThreshold).toBeNull();
    expect((await low())?.threshold).toBe(200);
    // A rule with a higher minimum raises the default.
    await patch(tool._id, { quantityRule: { min: 300, max: 600, step: 1 } });
    expect((await low())?.threshold).toBe(600);

    for (const bad of [-1, 1.5, "ten", true, 1_000_001]) {
      const refused = await patch(tool._id, { lowStockThreshold: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe("lowStockThreshold");
    }
    // Each change of the threshold is in the audit log.
    const audit = await ctx.app.inject({ method: "GET", url: "/api/admin/audit", headers: bearer(admin.token) });
    expect(audit.body).toContain("lowStockThreshold");
  });

  it("refuses a bad range with a 400 naming the field; only admins may ask", async () => {
    const cases: [string, string][] = [
      ["?from=2026-02-30", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-1-05", "from"],
      ["?from=2026-03-02&to=2026-03-01", "from"],
      ["?from=2025-01-01&to=2026-01-02", "from"],
      [`?from=${addDays(today, 1)}`, "from"],
    ];
    for (const [query, field] of cases) {
      const response = await stats(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    // 366 days, both ends included, is the longest.
    expect((await stats("?from=2025-01-01&to=2026-01-01")).statusCode).toBe(200);
  });

  it("refuses a day outside the years 1900 to 9999 with a 400 naming the field, never a 500", async () => {
    const cases: [string, string][] = [
      ["?from=0000-01-01", "from"],
      ["?from=0000-01-01&to=0000-01-31", "from"],
      ["?from=0000-12-01&to=0000-12-31", "to"],
      ["?from=1899-12-31&to=1900-01-01", "from"],
    ];
    for (const [query, field] of cases) {
      const response = await stats(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      const errors: { field: string; message: string }[] = response.json().errors;
      expect(errors.find((error) => error.field === field)?.message).toBe(
        `${field} must be a day of the years 1900 to 9999`,
      );
    }
    expect((await stats("?from=1900-01-01&to=1900-01-31")).statusCode).toBe(200);
    expect((await stats("?from=9999-12-01&to=9999-12-31")).statusCode).toBe(200);
    expect((await stats("", null)).statusCode).toBe(401);
    expect((await stats("", customer)).statusCode).toBe(403);
  });
});

describe("the daily low-stock mail to admins", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admins: TestAccount[];
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admins = [await signUp(ctx.app, { admin: true }), await signUp(ctx.app, { admin: true })];
    steps = orderSteps(ctx.app, admins[0] as TestAccount);
  });
  afterAll(() => ctx.close());

  const lowStockMails = async (email: string) =>
    (await mailsTo(ctx.db, email)).filter((mail) => mail.template === "low-stock");

  it("sends nothing while no tool is low, and takes no day for it", async () => {
    await steps.newTool(1000);
    expect(await checkLowStock(ctx.db, new Date("2030-01-01T08:00:00Z"))).toBe("nothing-low");
  });

  it("two checks at once on one database: one mail per admin per day, listing the low tools", async () => {
    const tool = await steps.newTool(1000);
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${tool._id}`,
      headers: bearer((admins[0] as TestAccount).token),
      payload: { quantity: 120 },
    });
    // Two jobs (as on two instances) on one database, four checks at once, then the same day again later.
    const morning = new Date("2030-01-01T08:00:00Z");
    const results = await Promise.all([1, 2, 3, 4].map(() => checkLowStock(ctx.db, morning)));
    expect(results.filter((result) => result === "sent")).toHaveLength(1);
    expect(results.filter((result) => result === "already-sent")).toHaveLength(3);
    expect(await checkLowStock(ctx.db, new Date("2030-01-01T23:59:00Z"))).toBe("already-sent");
    for (const { email } of admins) {
      const mails = await lowStockMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.data).toMatchObject({
        day: "2030-01-01",
        count: 1,
        tools: [
          {
            name: tool.name,
            sku: tool.sku,
            quantity: 120,
            threshold: 200,
            byWarehouse: [{ code: "MAIN", available: 120 }],
          },
        ],
      });
    }
    // The next day, the next mail.
    expect(await checkLowStock(ctx.db, new Date("2030-01-02T00:01:00Z"))).toBe("sent");
    expect(await lowStockMails((admins[1] as TestAccount).email)).toHaveLength(2);
  });

  it("two app instances checking every 50 ms on one database send today's mail once", async () => {
    const second = await buildApp({
      config: { ...ctx.config, lowStockCheckMs: 50 },
      database: ctx.otherInstance(),
      authSecret: TEST_AUTH_SECRET,
    });
    const third = await buildApp({
      config: { ...ctx.config, lowStockCheckMs: 50 },
      database: ctx.otherInstance(),
      authSecret: TEST_AUTH_SECRET,
    });
    await Promise.all([second.ready(), third.ready()]);
    try {
      const today = isoDay(new Date());
      const email = (admins[0] as TestAccount).email;
      const todays = async () =>
        (await lowStockMails(email)).filter((mail) => (mail.data as { day: string }).day === today);
      await expect.poll(async () => (await todays()).length, { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await todays()).toHaveLength(1);
    } finally {
      await Promise.all([second.close(), third.close()]);
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  serverUrl
    ? "the low-stock mail, two instances on one PostgreSQL"
    : `the low-stock mail on PostgreSQL: ${NEEDS_POSTGRES}`,
  () => {
    it("two instances, each with its own pool, checking every 50 ms: one mail per admin today", async () => {
      const database = await emptyPostgresDatabase(serverUrl ?? "");
      const env = { LOW_STOCK_CHECK_MS: "50" };
      const a = await createTestApp({ databaseUrl: database.url, env });
      const b = await createTestApp({ databaseUrl: database.url, env });
      try {
        const admin = await signUp(a.app, { admin: true });
        const tool = await orderSteps(b.app, admin).newTool(1000);
        const restock = await b.app.inject({
          method: "PATCH",
          url: `/api/product/${tool._id}`,
          headers: bearer(admin.token),
          payload: { quantity: 50 },
        });
        expect(restock.statusCode).toBe(200);
        const today = isoDay(new Date());
        const todays = async () =>
          (await mailsTo(a.db, admin.email)).filter(
            (mail) => mail.template === "low-stock" && (mail.data as { day: string }).day === today,
          );
        await expect.poll(async () => (await todays()).length, { timeout: 10_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await todays()).toHaveLength(1);
      } finally {
        await a.close();
        await b.close();
        await database.drop();
      }
    });
  },
);
