import type { BackorderWaiting, Order, Product, Warehouse } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../mail/queries.js";
import { stockMovements } from "../product/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT } from "../test/orders.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("backorders: a tool sells above what is available, the rest waits and receipts fill it oldest first", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;
  let steps: ReturnType<typeof stockSteps>;
  let main: Warehouse;
  let east: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    other = await signUp(ctx.app);
    steps = stockSteps(ctx.app, admin);
    const [first] = await steps.warehouses();
    if (!first) throw new Error("the migrations make the first warehouse");
    main = first;
    east = await steps.addWarehouse("BEAST", "East depot");
  });
  afterAll(() => ctx.close());

  const call: ReturnType<typeof stockSteps>["call"] = (...args) => steps.call(...args);
  const orderOf = async (account: TestAccount, id: string) =>
    (await call("GET", `/api/ordering/${id}`, account)).json<Order>();
  const waitingOf: ReturnType<typeof stockSteps>["waitingOf"] = (...args) => steps.waitingOf(...args);

  const backorderedTool: ReturnType<typeof stockSteps>["backorderedTool"] = (...args) => steps.backorderedTool(...args);

  describe("the settings", () => {
    it("an admin sets them; every product answer carries them; the audit log has the change", async () => {
      const tool = await steps.looseTool(100);
      expect(tool.backorders).toEqual({ allowed: false, expectedAt: null, leadDays: null });
      const day = inDays(30);
      const set = await call("PATCH", `/api/product/${tool._id}`, admin, {
        backorders: { allowed: true, expectedAt: day },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<Product>().backorders).toEqual({ allowed: true, expectedAt: day, leadDays: null });
      const read = (await call("GET", `/api/product/${tool._id}`, null)).json<Product>();
      expect(read.backorders).toEqual({ allowed: true, expectedAt: day, leadDays: null });
      const audit = (await call("GET", "/api/admin/audit?limit=20", admin)).json<
        { target: string; after: unknown }[]
      >();
      expect(audit.find((entry) => entry.target === tool._id)?.after).toEqual({
        backorders: { allowed: true, expectedAt: day, leadDays: null },
      });
    });

    it("refuses a lead time outside 1..365 whole days and a day in the past, naming the field; nothing stored", async () => {
      const tool = await steps.looseTool(100);
      for (const [backorders, field] of [
        [{ allowed: true, leadDays: 0 }, "backorders.leadDays"],
        [{ allowed: true, leadDays: 366 }, "backorders.leadDays"],
        [{ allowed: true, leadDays: 2.5 }, "backorders.leadDays"],
        [{ allowed: true, expectedAt: "2020-01-01" }, "backorders.expectedAt"],
        [{ allowed: true, expectedAt: "2026-02-30" }, "backorders.expectedAt"],
        [{ allowed: "yes" }, "backorders.allowed"],
      ] as const) {
        const refused = await call("PATCH", `/api/product/${tool._id}`, admin, { backorders });
        expect(refused.statusCode, JSON.stringify(backorders)).toBe(400);
        expect(refused.json().errors.map((error: { field: string }) => error.field)).toContain(field);
      }
      const read = (await call("GET", `/api/product/${tool._id}`, null)).json<Product>();
      expect(read.backorders).toEqual({ allowed: false, expectedAt: null, leadDays: null });
    });

    it("a customer may not set them", async () => {
      const tool = await steps.looseTool(100);
      const refused = await call("PATCH", `/api/product/${tool._id}`, customer, { backorders: { allowed: true } });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe("taking stock with backorders", () => {
    it("without backorders, a line above what is available is refused naming what is available", async () => {
      const tool = await steps.looseTool(120);
      const refused = await call("POST", "/api/ordering", customer, { orderId: tool._id, quantity: 150, ...CONTACT });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(`Only 120 pieces of ${tool.name} are in stock`);
      // Placed while there was enough, refused at payment when another took it: 409, nothing allocated.
      const late = await steps.placeOrder(customer, tool, 100);
      const intent = await steps.openIntent(customer, late);
      expect((await steps.pay(other, await steps.placeOrder(other, tool, 100))).statusCode).toBe(200);
      expect((await steps.confirm(customer, intent)).statusCode).toBe(409);
      expect(await waitingOf(customer, late._id)).toEqual([0]);
      expect((await steps.levels(tool._id)).byCode.MAIN).toEqual({ onHand: 120, allocated: 100 });
    });

    it("with backorders, a paid line takes what is available (split across warehouses) and waits for the rest", async () => {
      const tool = await backorderedTool(60);
      await steps.receive(tool._id, east, 40);
      const placed = await call("POST", "/api/ordering", customer, {
        orderId: tool._id,
        quantity: 150,
        ...CONTACT,
        shipping: "complete",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = await orderOf(customer, placed.json().insertedId);
      expect(order.shipping).toBe("complete");
      expect((await steps.pay(customer, order)).statusCode).toBe(200);
      const paid = await orderOf(customer, order._id);
      expect(paid.lines[0]).toMatchObject({ quantity: 150, waitingQuantity: 50, expectedAt: inDays(14) });
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 60, allocated: 60 }, BEAST: { onHand: 40, allocated: 40 } },
        quantity: 0,
      });
    });

    it("with nothing available, a paid line waits whole, and the payment still numbers its invoice and mails it", async () => {
      const tool = await backorderedTool(0);
      const placed = await call("POST", "/api/ordering", customer, { orderId: tool._id, quantity: 130, ...CONTACT });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = await orderOf(customer, placed.json().insertedId);
      expect((await steps.pay(customer, order)).statusCode).toBe(200);
      const paid = await orderOf(customer, order._id);
      expect(paid.lines[0]).toMatchObject({ quantity: 130, waitingQuantity: 130 });
      expect(paid.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
      const receipts = (await mailsTo(ctx.db, customer.email)).filter(
        (mail) => mail.template === "payment-receipt" && (mail.data as { orderId: string }).orderId === order._id,
      );
      expect(receipts.map((mail) => (mail.data as { invoiceNumber: string }).invoiceNumber)).toEqual([
        paid.invoiceNumber,
      ]);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 0, allocated: 0 } },
        quantity: 0,
      });
    });

    it("the shipping choice defaults to as-available; another word is a 400 naming `shipping`", async () => {
      const tool = await backorderedTool(500);
      const order = await steps.placeOrder(customer, tool, 100);
      expect(order.shipping).toBe("as-available");
      const refused = await call("POST", "/api/ordering", other, {
        orderId: tool._id,
        quantity: 100,
        ...CONTACT,
        shipping: "all",
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe("shipping");
    });

    it("on account, placement takes the stock and the waiting; the credit check counts the whole order", async () => {
      const account = onAccountSteps(ctx, admin);
      const { buyer, companyId } = await account.companyOnAccount("Backorder Co");
      const tool = await backorderedTool(30);
      // The whole order is 200 × $10 = $2,000: a limit of $1,500 refuses it, though only 30 pieces are there.
      const limit = await call("PATCH", `/api/admin/companies/${companyId}`, admin, {
        paymentTerms: { netDays: 30, creditLimit: 1_500 },
      });
      expect(limit.statusCode, limit.body).toBe(200);
      const body = { orderId: tool._id, quantity: 200, ...CONTACT, paymentMethod: "invoice" };
      const refused = await call("POST", "/api/ordering", buyer, body);
      expect(refused.statusCode).toBe(409);
      await call("PATCH", `/api/admin/companies/${companyId}`, admin, {
        paymentTerms: { netDays: 30, creditLimit: 10_000 },
      });
      const placed = await call("POST", "/api/ordering", buyer, body);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(await waitingOf(buyer, placed.json().insertedId)).toEqual([170]);
      expect((await steps.levels(tool._id)).byCode.MAIN).toEqual({ onHand: 30, allocated: 30 });
    });

    it("cancel releases exactly what was allocated and clears the waiting; a refund too", async () => {
      const tool = await backorderedTool(70);
      const cancelled = await steps.placeOrder(customer, tool, 100);
      expect((await steps.pay(customer, cancelled)).statusCode).toBe(200);
      expect(await waitingOf(customer, cancelled._id)).toEqual([30]);
      const refund = await call("POST", `/api/admin/orders/${cancelled._id}/refund`, admin, { restock: true });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(await waitingOf(customer, cancelled._id)).toEqual([0]);
      expect((await steps.levels(tool._id)).byCode.MAIN).toEqual({ onHand: 70, allocated: 0 });

      // Wholly on backorder: nothing was allocated, so nothing is given back (no piece appears from nowhere).
      const account = onAccountSteps(ctx, admin);
      const { buyer } = await account.companyOnAccount("Cancel Co");
      const empty = await backorderedTool(0);
      const placed = await call("POST", "/api/ordering", buyer, {
        orderId: empty._id,
        quantity: 100,
        ...CONTACT,
        paymentMethod: "invoice",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json().insertedId;
      expect(await waitingOf(buyer, id)).toEqual([100]);
      const cancel = await call("POST", `/api/ordering/${id}/cancel`, buyer);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await waitingOf(buyer, id)).toEqual([0]);
      expect(await steps.levels(empty._id)).toMatchObject({
        byCode: { MAIN: { onHand: 0, allocated: 0 } },
        quantity: 0,
      });
    });
  });

  describe("receipts fill backorders", () => {
    it("oldest order first, across the receipt; ledger rows name each order; only completed lines are mailed", async () => {
      const tool = await backorderedTool(0, { allowed: true, expectedAt: inDays(10) });
      const buyers = [customer, other, await signUp(ctx.app)] as const;
      const orders: Order[] = [];
      for (const [index, buyer] of buyers.entries()) {
        const order = await steps.placeOrder(buyer, tool, [100, 150, 120][index] ?? 100);
        expect((await steps.pay(buyer, order)).statusCode).toBe(200);
        orders.push(order);
      }
      expect(await Promise.all(orders.map((order, i) => waitingOf(buyers[i] as TestAccount, order._id)))).toEqual([
        [100],
        [150],
        [120],
      ]);
      const waiting = (await call("GET", "/api/admin/stock/backorders", admin)).json<{ tools: BackorderWaiting[] }>();
      expect(waiting.tools.find((row) => row.productId === tool._id)).toEqual({
        productId: tool._id,
        name: tool.name,
        sku: tool.sku,
        waiting: 370,
        orders: 3,
        expectedAt: inDays(10),
      });

      // 180 come in: the oldest (100) is complete, the next gets 80 of its 150, the last nothing.
      await steps.receive(tool._id, main._id, 180);
      expect(await waitingOf(customer, orders[0]?._id ?? "")).toEqual([0]);
      expect(await waitingOf(other, orders[1]?._id ?? "")).toEqual([70]);
      expect(await waitingOf(buyers[2], orders[2]?._id ?? "")).toEqual([120]);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 180, allocated: 180 } },
        quantity: 0,
      });
      const rows = await ctx.db
        .select({ orderId: stockMovements.orderId, allocated: stockMovements.allocatedChange })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, tool._id), eq(stockMovements.kind, "allocated")));
      expect(rows.sort((a, b) => b.allocated - a.allocated)).toEqual([
        { orderId: orders[0]?._id, allocated: 100 },
        { orderId: orders[1]?._id, allocated: 80 },
      ]);
      const ready = (email: string) =>
        mailsTo(ctx.db, email).then((mails) => mails.filter((mail) => mail.template === "backorder-ready"));
      expect((await ready(customer.email)).map((mail) => mail.data)).toEqual([
        { orderId: orders[0]?._id, number: orders[0]?.number, productName: tool.name, quantity: 100 },
      ]);
      expect(await ready(other.email)).toEqual([]);

      // A Restock that raises the count fills the next; a recount down fills nothing.
      const restock = await call("PATCH", `/api/product/${tool._id}`, admin, { quantity: 400 });
      expect(restock.statusCode, restock.body).toBe(200);
      expect(await waitingOf(other, orders[1]?._id ?? "")).toEqual([0]);
      expect(await waitingOf(buyers[2], orders[2]?._id ?? "")).toEqual([0]);
      expect(restock.json<Product>().quantity).toBe(400 - 370);
      expect((await ready(other.email)).map((mail) => mail.data)).toEqual([
        { orderId: orders[1]?._id, number: orders[1]?.number, productName: tool.name, quantity: 150 },
      ]);
      const after = (await call("GET", "/api/admin/stock/backorders", admin)).json<{ tools: BackorderWaiting[] }>();
      expect(after.tools.find((row) => row.productId === tool._id)).toBeUndefined();
    });

    it("a cancelled order waits for nothing: a receipt passes it by", async () => {
      const tool = await backorderedTool(0);
      const first = await steps.placeOrder(customer, tool, 100);
      expect((await steps.pay(customer, first)).statusCode).toBe(200);
      const second = await steps.placeOrder(other, tool, 100);
      expect((await steps.pay(other, second)).statusCode).toBe(200);
      const refund = await call("POST", `/api/admin/orders/${first._id}/refund`, admin, { restock: true });
      expect(refund.statusCode, refund.body).toBe(200);
      await steps.receive(tool._id, east, 100);
      expect(await waitingOf(customer, first._id)).toEqual([0]);
      expect(await waitingOf(other, second._id)).toEqual([0]);
      expect((await steps.levels(tool._id)).byCode.BEAST).toEqual({ onHand: 100, allocated: 100 });
    });

    it("the backorders page is the admins'", async () => {
      expect((await call("GET", "/api/admin/stock/backorders", customer)).statusCode).toBe(403);
      expect((await call("GET", "/api/admin/stock/backorders", null)).statusCode).toBe(401);
    });
  });
});
