import type { AuditEntry, Order, OrderCounts, OrderWithCredit, Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "../http/csv.js";
import { mailsTo } from "../mail/queries.js";
import { paymentIntents, paymentRefunds } from "../payment/tables.js";
import { products } from "../product/tables.js";
import { markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { allOrders } from "./queries/order-list.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("order lifecycle", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let secondAdmin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    customer = await signUp(ctx.app);
    other = await signUp(ctx.app);
    admin = await signUp(ctx.app, { admin: true });
    secondAdmin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const call: ReturnType<typeof orderSteps>["call"] = (...args) => steps.call(...args);
  const newTool = () => steps.newTool();
  const stockOf = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]?.quantity;
  const placeOrder = (account = customer, tool?: Product, quantity = 150) => steps.placeOrder(account, tool, quantity);
  const paidOrder = (account = customer, tool?: Product) => steps.paidOrder(account, tool);
  const ship = (id: string, by = admin, body: object = { carrier: "DHL", trackingNumber: "00340434" }) =>
    call("POST", `/api/admin/orders/${id}/ship`, by, body);
  const deliver = (id: string, by = admin) => call("POST", `/api/admin/orders/${id}/deliver`, by);
  const adminCancel = (id: string) => call("POST", `/api/admin/orders/${id}/cancel`, admin);
  const refund = (id: string, restock: boolean, by = admin) =>
    call("POST", `/api/admin/orders/${id}/refund`, by, { restock });
  const cancel = (id: string, account = customer) => call("POST", `/api/ordering/${id}/cancel`, account);
  const status = async (id: string) => (await call("GET", `/api/admin/orders/${id}`, admin)).json<Order>().status;
  const refundsOf = async (transactionId: string) =>
    ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, transactionId));
  const auditOf = async (target: string) =>
    (await call("GET", "/api/admin/audit?limit=100", admin)).json<AuditEntry[]>().filter((e) => e.target === target);

  it("every order gets a number a person can read out: FL- and a number that rises with each order", async () => {
    const orders = [await placeOrder(customer), await placeOrder(other), await placeOrder(customer)];
    const numbers = orders.map((order) => order.number);
    for (const number of numbers) expect(number).toMatch(/^FL-\d{6,}$/);
    const values = numbers.map((number) => Number(number.slice("FL-".length)));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(3);
    // The same number wherever the order is read.
    const listed = (await call("GET", `/api/ordering?userEmail=${customer.email}`, customer)).json<Order[]>();
    expect(listed.find((order) => order._id === orders[0]?._id)?.number).toBe(numbers[0]);
  });

  it("a new order is unpaid with one history line; paying it makes it paid in the same step", async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ status: "unpaid", paid: false, carrier: null, trackingNumber: null });
    expect(order.statusHistory).toEqual([
      { kind: "placed", status: "unpaid", at: expect.any(String), by: customer.email, note: "Placed" },
    ]);
    expect(order.moneyMovements).toEqual([]);
    const paid = await paidOrder();
    expect(paid).toMatchObject({ status: "paid", paid: true, transactionId: expect.stringMatching(/^pi_test_/) });
    expect(paid.statusHistory.map((event) => [event.kind, event.status, event.by, event.note])).toEqual([
      ["placed", "unpaid", customer.email, "Placed"],
      ["paid", "paid", customer.email, `Payment ${paid.transactionId}`],
    ]);
    // The card's payment is the order's one movement of money: its whole total, the day it was paid.
    expect(paid.moneyMovements).toEqual([
      {
        kind: "payment",
        amount: paid.price,
        method: "card",
        reference: paid.transactionId,
        day: paid.statusHistory[1]?.at.slice(0, 10),
      },
    ]);
  });

  describe("the customer cancels", () => {
    it("an own unpaid order; the product can be ordered again, and the cancelled order cannot be paid", async () => {
      const tool = await newTool();
      const order = await placeOrder(customer, tool);
      const cancelled = await cancel(order._id);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", paid: false });
      expect(cancelled.json().statusHistory.at(-1)).toEqual({
        kind: "cancelled",
        status: "cancelled",
        at: expect.any(String),
        by: customer.email,
        note: "Cancelled by the customer",
      });
      const pay = await call("POST", "/api/create-payment-intent", customer, {
        orderId: order._id,
        price: order.price,
      });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe("This order is cancelled; only an unpaid order can be paid.");
      const again = await call("POST", "/api/ordering", customer, { orderId: tool._id, quantity: 100, ...CONTACT });
      expect(again.statusCode).toBe(201);
      expect(again.json().success).toBe(true);
    });

    it("is refused for an order that is not unpaid (409), and someone else's or an unknown order is 404", async () => {
      const order = await placeOrder();
      expect((await cancel(order._id, other)).statusCode).toBe(404);
      expect((await cancel(UNKNOWN_ID)).statusCode).toBe(404);
      expect((await cancel(order._id)).statusCode).toBe(200);
      const twice = await cancel(order._id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(
        "This order is cancelled; only an unpaid order or one awaiting approval can be cancelled.",
      );
      const paid = await paidOrder();
      const refused = await cancel(paid._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "This order is paid; only an unpaid order or one awaiting approval can be cancelled.",
      );
      expect(await status(paid._id)).toBe("paid");
    });
  });

  describe("one unpaid order of a tool per buyer, kept by the buyer's order lock", () => {
    const unpaidOrdersOf = async (buyer: TestAccount, toolId: string) =>
      (await call("GET", `/api/ordering?userEmail=${encodeURIComponent(buyer.email)}`, buyer))
        .json<Order[]>()
        .filter((order) => order.status === "unpaid" && order.lines.some((line) => line.productId === toolId))
        .map((order) => order._id);

    it("places exactly one of several orders of a tool sent at once; once it is cancelled, a new one is allowed", async () => {
      const buyer = await signUp(ctx.app);
      const tool = await newTool();
      const body = { orderId: tool._id, quantity: 150, ...CONTACT };
      const answers = await Promise.all(Array.from({ length: 4 }, () => call("POST", "/api/ordering", buyer, body)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
      for (const refused of answers.filter((answer) => answer.statusCode === 200)) {
        expect(refused.json()).toEqual({ success: false, insertedId: null });
      }
      const placed: string = answers.find((answer) => answer.statusCode === 201)?.json().insertedId;
      expect(await unpaidOrdersOf(buyer, tool._id)).toEqual([placed]);

      // Another buyer's unpaid order of the same tool is no business of this one's.
      const neighbour = await signUp(ctx.app);
      expect((await call("POST", "/api/ordering", neighbour, body)).statusCode).toBe(201);

      expect((await cancel(placed, buyer)).statusCode).toBe(200);
      const again = await call("POST", "/api/ordering", buyer, body);
      expect(again.statusCode).toBe(201);
      expect(await unpaidOrdersOf(buyer, tool._id)).toEqual([again.json().insertedId]);
      expect((await call("POST", "/api/ordering", buyer, body)).json()).toEqual({ success: false, insertedId: null });
    });

    it("holds for any line of an order: the Order Now modal and a cart checkout at once place the tool once", async () => {
      const buyer = await signUp(ctx.app);
      const [tool, another] = [await newTool(), await newTool()];
      expect((await call("PUT", `/api/cart/lines/${another._id}`, buyer, { quantity: 100 })).statusCode).toBe(200);
      expect((await call("PUT", `/api/cart/lines/${tool._id}`, buyer, { quantity: 100 })).statusCode).toBe(200);
      const cart = (await call("GET", "/api/cart", buyer)).json<{ total: number }>();
      const [modal, checkout] = await Promise.all([
        call("POST", "/api/ordering", buyer, { orderId: tool._id, quantity: 150, ...CONTACT }),
        call("POST", "/api/cart/checkout", buyer, { ...CONTACT, expectedTotal: cart.total }),
      ]);
      // Whichever came second found the tool (the cart's second line) in the other's unpaid order.
      expect([modal.statusCode, checkout.statusCode].sort()).toEqual(
        modal.statusCode === 201 ? [201, 409] : [200, 201],
      );
      if (modal.statusCode === 201) expect(checkout.json().message).toContain(tool.name);
      else expect(modal.json()).toEqual({ success: false, insertedId: null });
      expect(await unpaidOrdersOf(buyer, tool._id)).toHaveLength(1);
    });
  });

  describe("an admin ships, delivers and cancels", () => {
    it("ships a paid order with its tracking, then marks it delivered; each step once", async () => {
      const order = await paidOrder();
      const shipped = await ship(order._id, admin, {
        carrier: "DHL",
        trackingNumber: "00340434",
        trackingUrl: "https://www.dhl.com/track?id=00340434",
      });
      expect(shipped.statusCode).toBe(200);
      expect(shipped.json()).toMatchObject({
        status: "shipped",
        paid: true,
        carrier: "DHL",
        trackingNumber: "00340434",
        trackingUrl: "https://www.dhl.com/track?id=00340434",
      });
      expect(shipped.json().statusHistory.at(-1)).toMatchObject({
        kind: "shipped",
        status: "shipped",
        by: admin.email,
      });
      const mine = (await call("GET", `/api/ordering/${order._id}`, customer)).json<Order>();
      expect(mine).toMatchObject({ status: "shipped", trackingNumber: "00340434" });

      const again = await ship(order._id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This order is shipped; only a paid order can be shipped.");
      const delivered = await deliver(order._id);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toMatchObject({ status: "delivered", paid: true });
      const twice = await deliver(order._id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("This order is delivered; only a shipped order can be marked delivered.");
    });

    it("refuses to ship an unpaid order, to deliver a paid one and to cancel a paid one", async () => {
      const unpaid = await placeOrder();
      const shipUnpaid = await ship(unpaid._id);
      expect(shipUnpaid.statusCode).toBe(409);
      expect(shipUnpaid.json().message).toBe("This order is unpaid; only a paid order can be shipped.");
      const paid = await paidOrder();
      const deliverPaid = await deliver(paid._id);
      expect(deliverPaid.statusCode).toBe(409);
      expect(deliverPaid.json().message).toBe("This order is paid; only a shipped order can be marked delivered.");
      const cancelPaid = await adminCancel(paid._id);
      expect(cancelPaid.statusCode).toBe(409);
      expect(cancelPaid.json().message).toBe(
        "This order is paid; only an unpaid order or one awaiting approval can be cancelled.",
      );
      expect(await status(paid._id)).toBe("paid");
      expect(await auditOf(paid._id)).toEqual([]);
      expect((await ship(UNKNOWN_ID)).statusCode).toBe(404);
    });

    it("cancels any customer's unpaid order", async () => {
      const order = await placeOrder(other);
      const cancelled = await adminCancel(order._id);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().statusHistory.at(-1)).toMatchObject({
        status: "cancelled",
        by: admin.email,
        note: "Cancelled by the shop",
      });
    });

    it.each([
      ["no carrier", { trackingNumber: "1" }, "carrier", "Carrier is Required"],
      [
        "a blank tracking number",
        { carrier: "UPS", trackingNumber: " " },
        "trackingNumber",
        "Tracking number is Required",
      ],
      [
        "a tracking link over http",
        { carrier: "UPS", trackingNumber: "1Z", trackingUrl: "http://ups.com/t/1Z" },
        "trackingUrl",
        "Provide a tracking link starting with https://",
      ],
      [
        "a tracking link that is script",
        { carrier: "UPS", trackingNumber: "1Z", trackingUrl: "javascript:alert(1)" },
        "trackingUrl",
        "Provide a tracking link starting with https://",
      ],
      [
        "a 101-character carrier",
        { carrier: "c".repeat(101), trackingNumber: "1" },
        "carrier",
        "Carrier must be 100 characters or fewer",
      ],
    ])("refuses to ship with %s: 400 naming the field, nothing stored", async (_, body, field, message) => {
      const order = await paidOrder();
      const refused = await ship(order._id, admin, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual({ field, message });
      expect(await status(order._id)).toBe("paid");
    });
  });

  describe("an admin refunds", () => {
    it("a paid order: the provider refunds the whole amount once and the stock always comes back", async () => {
      const tool = await newTool();
      const order = await paidOrder(customer, tool);
      expect(await stockOf(tool._id)).toBe(850);
      const refunded = await refund(order._id, false);
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({ status: "refunded", paid: false, transactionId: order.transactionId });
      expect(refunded.json().statusHistory.at(-1)).toMatchObject({
        kind: "refunded",
        status: "refunded",
        by: admin.email,
        note: "Pieces returned to stock",
      });
      // Paid by card, then given back to it: two movements of the whole amount.
      expect(
        refunded.json<OrderWithCredit>().moneyMovements.map(({ kind, amount, method }) => [kind, amount, method]),
      ).toEqual([
        ["payment", 1500, "card"],
        ["refund", 1500, "card"],
      ]);
      expect(await stockOf(tool._id)).toBe(1000);
      expect(await refundsOf(order.transactionId ?? "")).toEqual([
        expect.objectContaining({ amountCents: 150_000, reason: "order-refunded" }),
      ]);
      const again = await refund(order._id, true);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        "This order is refunded; only a paid, shipped or delivered order can be refunded.",
      );
      expect(await stockOf(tool._id)).toBe(1000);
    });

    it("a shipped order with the pieces back to stock, and a delivered one without", async () => {
      const tool = await newTool();
      const back = await paidOrder(customer, tool);
      await ship(back._id);
      expect((await refund(back._id, true)).json().statusHistory.at(-1).note).toBe("Pieces returned to stock");
      expect(await stockOf(tool._id)).toBe(1000);

      const kept = await paidOrder(other, tool);
      await ship(kept._id);
      await deliver(kept._id);
      const refunded = await refund(kept._id, false);
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().statusHistory.at(-1).note).toBe("Pieces not returned to stock");
      expect(await stockOf(tool._id)).toBe(850);
      expect(await refundsOf(kept.transactionId ?? "")).toHaveLength(1);
    });

    it("refuses an unpaid or cancelled order (409), and a body without restock (400)", async () => {
      const order = await placeOrder();
      const unpaid = await refund(order._id, true);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe(
        "This order is unpaid; only a paid, shipped or delivered order can be refunded.",
      );
      await cancel(order._id);
      expect((await refund(order._id, true)).json().message).toBe(
        "This order is cancelled; only a paid, shipped or delivered order can be refunded.",
      );
      const paid = await paidOrder();
      const noChoice = await call("POST", `/api/admin/orders/${paid._id}/refund`, admin, {});
      expect(noChoice.statusCode).toBe(400);
      expect(noChoice.json().errors).toContainEqual({ field: "restock", message: "restock must be true or false" });
      expect((await refund(UNKNOWN_ID, true)).statusCode).toBe(404);
    });

    it("changes nothing when the provider refuses the refund, and says so (502)", async () => {
      const tool = await newTool();
      const order = await paidOrder(customer, tool);
      const intentId = order.transactionId ?? "";
      // The test provider refuses a refund above the amount it took: make the shop ask for more.
      await ctx.db.update(paymentIntents).set({ amountCents: 0 }).where(eq(paymentIntents.id, intentId));
      const refused = await refund(order._id, true);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        "The payment provider did not refund this order; nothing was changed. Please try again in a minute.",
      );
      const now = (await call("GET", `/api/admin/orders/${order._id}`, admin)).json<Order>();
      expect(now).toMatchObject({ status: "paid", paid: true });
      expect(now.statusHistory.map((event) => event.status)).toEqual(["unpaid", "paid"]);
      expect(await stockOf(tool._id)).toBe(850);
      expect(await refundsOf(intentId)).toEqual([]);
      const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
      expect(intent?.status).toBe("succeeded");
      expect(await auditOf(order._id)).toEqual([]);
      const mails = await mailsTo(ctx.db, customer.email);
      const aboutOrder = mails.filter((mail) => (mail.data as { orderId: string }).orderId === order._id);
      expect(aboutOrder.map((mail) => mail.template)).toEqual(["order-placed", "payment-receipt"]);
    });
  });

  describe("withdrawing a product (DELETE /api/product/{id})", () => {
    it("cancels its unpaid orders with the reason, leaves paid ones as they were, and takes no new order or payment", async () => {
      const tool = await newTool();
      const unpaid = await placeOrder(customer, tool);
      const paid = await paidOrder(other, tool);
      const withdrawn = await call("DELETE", `/api/product/${tool._id}`, admin);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toEqual({ deletedCount: 1 });

      const cancelled = (await call("GET", `/api/ordering/${unpaid._id}`, customer)).json<Order>();
      expect(cancelled).toMatchObject({ status: "cancelled", paid: false, order: tool.name });
      expect(cancelled.statusHistory.map(({ status, by, note }) => ({ status, by, note }))).toEqual([
        { status: "unpaid", by: customer.email, note: "Placed" },
        { status: "cancelled", by: admin.email, note: "The tool was withdrawn from the catalogue." },
      ]);
      const kept = (await call("GET", `/api/ordering/${paid._id}`, other)).json<Order>();
      expect(kept).toMatchObject({ status: "paid", paid: true });
      expect(kept.statusHistory.map(({ status }) => status)).toEqual(["unpaid", "paid"]);

      expect((await call("GET", `/api/product/${tool._id}`, null)).statusCode).toBe(404);
      const again = await call("POST", "/api/ordering", customer, { orderId: tool._id, quantity: 100, ...CONTACT });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe("This product is no longer in the catalogue.");
      const pay = await call("POST", "/api/create-payment-intent", customer, {
        orderId: unpaid._id,
        price: unpaid.price,
      });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().message).toBe("This order is cancelled; only an unpaid order can be paid.");
      expect((await call("DELETE", `/api/product/${tool._id}`, admin)).statusCode).toBe(404);
    });

    it("still refunds a paid order of a withdrawn tool, its pieces going back to the withdrawn row", async () => {
      const tool = await newTool();
      const paid = await paidOrder(customer, tool);
      expect(await stockOf(tool._id)).toBe(850);
      expect((await call("DELETE", `/api/product/${tool._id}`, admin)).statusCode).toBe(200);
      const refunded = await call("POST", `/api/admin/orders/${paid._id}/refund`, admin, { restock: true });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({ status: "refunded", paid: false });
      expect(await stockOf(tool._id)).toBe(1000);
    });
  });

  describe("two admins acting on one order at once", () => {
    it("two refunds: exactly one wins, the provider refunds once, the stock comes back once", async () => {
      const tool = await newTool();
      const order = await paidOrder(customer, tool);
      const answers = await Promise.all([refund(order._id, true), refund(order._id, true, secondAdmin)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
        "This order is refunded; only a paid, shipped or delivered order can be refunded.",
      );
      expect(await refundsOf(order.transactionId ?? "")).toHaveLength(1);
      expect(await stockOf(tool._id)).toBe(1000);
      expect((await auditOf(order._id)).map((entry) => entry.action)).toEqual(["order.refund"]);
    });

    it("two ships: exactly one wins and its tracking number stays", async () => {
      const order = await paidOrder();
      const answers = await Promise.all([
        ship(order._id, admin, { carrier: "DHL", trackingNumber: "A1" }),
        ship(order._id, secondAdmin, { carrier: "UPS", trackingNumber: "B2" }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json<Order>();
      const now = (await call("GET", `/api/admin/orders/${order._id}`, admin)).json<Order>();
      expect(now.trackingNumber).toBe(winner?.trackingNumber);
      expect(now.statusHistory.filter((event) => event.status === "shipped")).toHaveLength(1);
    });

    it("a ship and a refund: whichever comes first, the order ends refunded once and shipped at most once", async () => {
      const order = await paidOrder();
      const answers = await Promise.all([ship(order._id), refund(order._id, false, secondAdmin)]);
      const [shipped, refunded] = answers.map((answer) => answer.statusCode);
      expect(refunded).toBe(200);
      // The ship either came first (200, then refunded from shipped) or after the refund (409).
      expect([200, 409]).toContain(shipped);
      expect(await status(order._id)).toBe("refunded");
      expect(await refundsOf(order.transactionId ?? "")).toHaveLength(1);
    });
  });

  describe("the admin order list", () => {
    it("finds orders by status, customer email, product name, order number and id, newest first, paged with the total", async () => {
      const buyer = await signUp(ctx.app);
      const tool = await newTool();
      const first = await placeOrder(buyer, tool);
      const second = await paidOrder(buyer);
      const third = await placeOrder(buyer);
      await cancel(third._id, buyer);

      const list = (query: string) => call("GET", `/api/admin/orders?${query}`, admin);
      const byEmail = await list(`q=${encodeURIComponent(buyer.email)}`);
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.headers["x-total-count"]).toBe("3");
      expect(byEmail.json<Order[]>().map((order) => order._id)).toEqual([third._id, second._id, first._id]);
      const paged = await list(`q=${encodeURIComponent(buyer.email)}&limit=1&offset=1`);
      expect(paged.headers["x-total-count"]).toBe("3");
      expect(paged.json<Order[]>().map((order) => order._id)).toEqual([second._id]);
      const cancelled = await list(`q=${encodeURIComponent(buyer.email)}&status=cancelled`);
      expect(cancelled.json<Order[]>().map((order) => order._id)).toEqual([third._id]);
      expect(cancelled.headers["x-total-count"]).toBe("1");

      const byProduct = await list(`q=${encodeURIComponent(tool.name.toUpperCase())}`);
      expect(byProduct.json<Order[]>().map((order) => order._id)).toEqual([first._id]);
      const byId = await list(`q=${first._id.slice(0, 8)}`);
      expect(byId.json<Order[]>().map((order) => order._id)).toContain(first._id);
      // By the number a person reads out (FL-100234), written as they may type it.
      for (const typed of [first.number, first.number.toLowerCase(), first.number.slice("FL-".length)]) {
        const byNumber = await list(`q=${encodeURIComponent(typed)}`);
        expect(byNumber.json<Order[]>().map((order) => order._id)).toEqual([first._id]);
      }
      const wildcard = await list("q=%25");
      expect(wildcard.json()).toEqual([]);
      const nul = await list("q=a%00b");
      expect(nul.statusCode).toBe(400);
      expect(nul.json().errors).toContainEqual({ field: "q", message: "q must not contain a NUL character" });

      const counts = await call("GET", `/api/admin/orders/counts?q=${encodeURIComponent(buyer.email)}`, admin);
      expect(counts.json<OrderCounts>()).toEqual({
        all: 3,
        "to-ship": 1,
        "awaiting-approval": 0,
        unpaid: 1,
        paid: 1,
        shipped: 0,
        delivered: 0,
        cancelled: 1,
        refunded: 0,
      });
    });

    it("refuses a status that is not one and an over-long search, with the field", async () => {
      const bad = await call("GET", "/api/admin/orders?status=lost", admin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe("status");
      const long = await call("GET", `/api/admin/orders?q=${"x".repeat(201)}`, admin);
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toContainEqual({ field: "q", message: "q must be 200 characters or fewer" });
    });

    it("shows any order to an admin, and 404 for an unknown id", async () => {
      const order = await placeOrder(other);
      const seen = await call("GET", `/api/admin/orders/${order._id}`, admin);
      expect(seen.statusCode).toBe(200);
      // The same order; what an admin may do to it is not the customer's: here, cancel it and change its lines (the
      // shop's back office).
      expect(seen.json()).toEqual({ ...order, actions: ["cancel:order", "change:order"] });
      expect((await call("GET", `/api/admin/orders/${UNKNOWN_ID}`, admin)).statusCode).toBe(404);
    });
  });

  describe("the CSV export (GET /api/admin/orders.csv)", () => {
    it("sends a row per line of every order the filter finds, newest first, quoted, formulas made harmless, audited", async () => {
      const buyer = await signUp(ctx.app, { name: "Csv Buyer" });
      const tool = await newTool();
      const hostile = await call("POST", "/api/ordering", buyer, {
        orderId: tool._id,
        quantity: 120,
        phone: "+1 555 0100",
        address: '=HYPERLINK("http://evil.test"), Springfield',
      });
      expect(hostile.statusCode).toBe(201);
      const hostileOrder = (await call("GET", `/api/ordering/${hostile.json().insertedId}`, buyer)).json<Order>();
      // The buyer's first order: "30% off your first order" (120 × $10.00 = $1,200.00, $360.00 off).
      expect(hostileOrder).toMatchObject({
        price: 840,
        discount: 360,
        promotion: { name: "30% off your first order" },
      });
      // The first-order promotion is given once, so the next order (150 pieces, below 200) has none.
      const paid = await paidOrder(buyer);
      expect(paid).toMatchObject({ price: 1500, discount: 0, promotion: null });
      // Two tools through the cart, 100 + 200 = 300 pieces: 40% off both lines ($400.00 and $800.00).
      const [small, large] = [await newTool(), await newTool()];
      expect((await call("PUT", `/api/cart/lines/${small._id}`, buyer, { quantity: 100 })).statusCode).toBe(200);
      expect((await call("PUT", `/api/cart/lines/${large._id}`, buyer, { quantity: 200 })).statusCode).toBe(200);
      const checkedOut = await call("POST", "/api/cart/checkout", buyer, {
        ...CONTACT,
        poNumber: "PO-2026-77",
        expectedTotal: 1800,
      });
      expect(checkedOut.statusCode).toBe(201);
      const cartOrder = (await call("GET", `/api/ordering/${checkedOut.json().insertedId}`, buyer)).json<Order>();

      const exported = await call("GET", `/api/admin/orders.csv?q=${encodeURIComponent(buyer.email)}`, admin);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(exported.headers["content-disposition"]).toBe('attachment; filename="orders.csv"');
      // The cells as csvLine writes them (its quoting and defusing are csv.test.ts's): which value goes where.
      const header = csvLine([
        "Order number",
        "Order id",
        "Placed at",
        "Status",
        "Customer",
        "Email",
        "Phone",
        "Address",
        "PO number",
        "Line",
        "SKU",
        "Product",
        "Quantity",
        "List unit price (USD)",
        "Unit price (USD)",
        "Price source",
        "Line total (USD)",
        "Line discount (USD)",
        "Promotion",
        "Order discount (USD)",
        "Order tax (USD)",
        "Order total (USD)",
        "Carrier",
        "Tracking number",
        "Tracking URL",
        "Transaction id",
        "Payment method",
        "Due at",
        "Balance (USD)",
      ]);
      const orderCells = (order: Order) => [
        order.number,
        order._id,
        order.createdAt,
        order.status,
        "Csv Buyer",
        buyer.email,
        order.phone,
        order.address,
        order.poNumber,
      ];
      const fortyOff = "40% off orders of 200 pieces or more";
      const unshipped = [null, null, null];
      const rows = [
        csvLine([
          ...orderCells(cartOrder),
          ...[1, small.sku, small.name, 100, "10.00", "10.00", "list", "1000.00", "400.00"],
          ...[fortyOff, "1200.00", "0.00", "1800.00", ...unshipped, null, "card", null, "1800.00"],
        ]),
        csvLine([
          ...orderCells(cartOrder),
          ...[2, large.sku, large.name, 200, "10.00", "10.00", "list", "2000.00", "800.00"],
          ...[fortyOff, "1200.00", "0.00", "1800.00", ...unshipped, null, "card", null, "1800.00"],
        ]),
        csvLine([
          ...orderCells(paid),
          ...[1, paid.lines[0]?.sku ?? "", paid.order, 150, "10.00", "10.00", "list", "1500.00", "0.00"],
          ...[null, "0.00", "0.00", "1500.00", ...unshipped, paid.transactionId, "card", null, "0.00"],
        ]),
        csvLine([
          ...orderCells(hostileOrder),
          ...[1, tool.sku, tool.name, 120, "10.00", "10.00", "list", "1200.00", "360.00"],
          ...["30% off your first order", "360.00", "0.00", "840.00", ...unshipped, null, "card", null, "840.00"],
        ]),
      ];
      expect(orderCells(cartOrder).slice(6)).toEqual(["5550100000", "1 Yard Road", "PO-2026-77"]);
      expect(exported.body).toBe(header + rows.join(""));
      // What the customer typed cannot start a formula: the phone and the address begin with an apostrophe.
      expect(rows[3]).toContain("'+1 555 0100");
      expect(rows[3]).toContain(`'=HYPERLINK(""http://evil.test""), Springfield`);
      expect(rows[3]).not.toMatch(/(^|,)"?[=+]/);

      const unpaidOnly = await call(
        "GET",
        `/api/admin/orders.csv?status=unpaid&q=${encodeURIComponent(buyer.email)}`,
        admin,
      );
      expect(unpaidOnly.body).toBe(header + [rows[0], rows[1], rows[3]].join(""));
      expect((await call("GET", "/api/admin/orders.csv?status=lost", admin)).statusCode).toBe(400);
      expect((await call("GET", "/api/admin/orders.csv", customer)).statusCode).toBe(403);
      expect((await call("GET", "/api/admin/orders.csv", null)).statusCode).toBe(401);

      // Every customer's details leave the shop in an export: who took which is in the audit log, newest first.
      const exports = (await auditOf("orders.csv")).filter(
        (entry) => (entry.after as { q?: string } | null)?.q === buyer.email,
      );
      expect(exports.map(({ action, actor, before, after }) => ({ action, actor, before, after }))).toEqual([
        { action: "order.export", actor: admin.email, before: null, after: { status: "unpaid", q: buyer.email } },
        { action: "order.export", actor: admin.email, before: null, after: { status: null, q: buyer.email } },
      ]);
    });

    it("reads the orders a batch at a time without losing or repeating one across batches", async () => {
      const buyer = await signUp(ctx.app);
      const placed = [await placeOrder(buyer), await placeOrder(buyer), await placeOrder(buyer)];
      const read: string[] = [];
      for await (const { order } of allOrders(ctx.db, { q: buyer.email }, 2)) read.push(order.id);
      expect(read).toEqual(placed.map((order) => order._id).reverse());
    });
  });

  describe("the audit log", () => {
    it("records each admin step with who, what, and the values before and after, newest first", async () => {
      const order = await paidOrder();
      await ship(order._id, admin, { carrier: "DHL", trackingNumber: "Z9" });
      await deliver(order._id, secondAdmin);
      await refund(order._id, false);
      const entries = await auditOf(order._id);
      expect(entries.map((entry) => [entry.action, entry.actor, entry.before, entry.after])).toEqual([
        [
          "order.refund",
          admin.email,
          { status: "delivered" },
          { status: "refunded", refundId: expect.stringMatching(/^re_test_/), restocked: false },
        ],
        [
          "order.deliver",
          secondAdmin.email,
          { status: "shipped", carrier: "DHL", trackingNumber: "Z9", trackingUrl: null },
          { status: "delivered", carrier: "DHL", trackingNumber: "Z9", trackingUrl: null },
        ],
        [
          "order.ship",
          admin.email,
          { status: "paid", carrier: null, trackingNumber: null, trackingUrl: null },
          { status: "shipped", carrier: "DHL", trackingNumber: "Z9", trackingUrl: null },
        ],
      ]);
      const cancelled = await placeOrder();
      await adminCancel(cancelled._id);
      expect((await auditOf(cancelled._id)).map((entry) => entry.action)).toEqual(["order.cancel"]);
    });

    it("records Make Admin, product add and product delete; a customer's cancel is no admin step", async () => {
      const tool = await newTool();
      const [added] = await auditOf(tool._id);
      expect(added).toMatchObject({ action: "product.add", actor: admin.email, before: null });
      expect(added?.after).toMatchObject({ name: tool.name, price: 10, quantity: 1000 });
      expect((await call("DELETE", `/api/product/${tool._id}`, admin)).statusCode).toBe(200);
      const [deleted] = await auditOf(tool._id);
      expect(deleted).toMatchObject({ action: "product.delete", actor: admin.email, after: null });
      expect(deleted?.before).toMatchObject({ _id: tool._id, name: tool.name });

      const promoted = await signUp(ctx.app);
      await markAddressConfirmed(ctx.app, promoted.email);
      expect((await call("PUT", `/api/user/admin/${promoted.email}`, admin)).statusCode).toBe(200);
      expect(await auditOf(promoted.email)).toEqual([
        expect.objectContaining({
          action: "user.make-admin",
          actor: admin.email,
          before: { role: "customer" },
          after: { role: "admin" },
        }),
      ]);

      const order = await placeOrder();
      await cancel(order._id);
      expect(await auditOf(order._id)).toEqual([]);
    });

    it("is paged with its total, for admins only, and no route changes it", async () => {
      const page = await call("GET", "/api/admin/audit?limit=2", admin);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(2);
      expect(Number(page.headers["x-total-count"])).toBeGreaterThan(2);
      expect((await call("GET", "/api/admin/audit", customer)).statusCode).toBe(403);
      const methods = ctx.app.apiRoutes.filter((route) => route.url.startsWith("/api/admin/audit"));
      expect(methods).toEqual([{ method: "GET", url: "/api/admin/audit" }]);
    });
  });
});
