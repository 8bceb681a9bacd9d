import { type Order, type OrderWithCredit, type PickList, type Product, SHIPMENT_MESSAGES } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../mail/queries.js";
import { MAIL_TEMPLATES } from "../mail/templates/index.js";
import { markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { pdfText } from "../test/pdf.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";
import { orderLines, orders } from "./tables.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const TRACKING = { carrier: "DHL", trackingNumber: "JD0001" };

describe("shipments in parts (docs/STOCK.md, 'Shipments')", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;
  let steps: ReturnType<typeof stockSteps>;
  let main: string;
  let east: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    await markAddressConfirmed(ctx.app, customer.email);
    other = await signUp(ctx.app);
    steps = stockSteps(ctx.app, admin);
    main = (await steps.warehouses())[0]?._id ?? "";
    east = await steps.addWarehouse("SHIPEAST", "East depot");
  });
  afterAll(() => ctx.close());

  const call: ReturnType<typeof stockSteps>["call"] = (...args) => steps.call(...args);
  const shipPart = (id: string, body: object, by = admin) =>
    call("POST", `/api/admin/orders/${id}/shipments`, by, { ...TRACKING, ...body });
  const adminOrder = async (id: string) =>
    (await call("GET", `/api/admin/orders/${id}`, admin)).json<OrderWithCredit>();

  /** A paid card order of 150 pieces of a tool with 100 in Main and 100 in East: 100 allocated in one, 50 in the other. */
  async function splitOrder(): Promise<{ order: Order; tool: Product; first: string; second: string }> {
    const tool = await steps.looseTool(100);
    await steps.receive(tool._id, east, 100);
    const order = await steps.placeOrder(customer, tool, 150);
    expect((await steps.pay(customer, order)).statusCode).toBe(200);
    const levels = (await steps.levels(tool._id)).byCode;
    const first = levels.MAIN?.allocated === 100 ? main : east;
    return { order, tool, first, second: first === main ? east : main };
  }

  it("ships part of a paid order from one warehouse: partially-shipped, the stock out of that warehouse, its mail", async () => {
    const { order, tool, first } = await splitOrder();
    const shipped = await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 60 }] });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const after = shipped.json<OrderWithCredit>();
    expect(after).toMatchObject({ fulfilmentStatus: "partially-shipped", paymentStatus: "paid", status: "paid" });
    expect(after.shipments).toEqual([
      expect.objectContaining({
        number: 1,
        carrier: "DHL",
        trackingNumber: "JD0001",
        deliveredAt: null,
        invoice: null,
        lines: [{ position: 0, productId: tool._id, sku: tool.sku, name: tool.name, quantity: 60 }],
      }),
    ]);
    const levels = (await steps.levels(tool._id)).byCode;
    const at = (id: string) => (id === main ? levels.MAIN : levels.SHIPEAST);
    expect(at(first)).toEqual({ onHand: 40, allocated: 40 });
    // Its history line says it went in part.
    expect(after.statusHistory.at(-1)).toMatchObject({ kind: "shipped", note: "In part, 60 pieces: DHL JD0001" });
    // The line counts what left.
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(line?.shippedQuantity).toBe(60);
    // Its mail names what it carries and what is still to come.
    const mail = (await mailsTo(ctx.db, customer.email)).filter((row) => row.template === "order-shipped").at(-1);
    const data = mail?.data as Parameters<(typeof MAIL_TEMPLATES)["order-shipped"]["subject"]>[0];
    expect(data.shipment).toEqual({
      number: 1,
      lines: [{ name: tool.name, sku: tool.sku, quantity: 60 }],
      toCome: [{ name: tool.name, sku: tool.sku, quantity: 90 }],
    });
    expect(MAIL_TEMPLATES["order-shipped"].subject(data)).toBe(
      `Part of your order ${order.number} (${tool.name}) is on its way`,
    );
    // The buyer sees the shipment on the order.
    const mine = (await call("GET", `/api/ordering/${order._id}`, customer)).json<Order>();
    expect(mine.shipments.map((shipment) => shipment.lines[0]?.quantity)).toEqual([60]);
  });

  it("Ship ships everything left, a shipment per warehouse; the order is shipped once every piece left", async () => {
    const { order, tool, first, second } = await splitOrder();
    await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 30 }] });
    const rest = await call("POST", `/api/admin/orders/${order._id}/ship`, admin, {
      carrier: "UPS",
      trackingNumber: "1Z",
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json<OrderWithCredit>();
    expect(after).toMatchObject({ fulfilmentStatus: "shipped", status: "shipped" });
    const carried = after.shipments.map((shipment) => [
      shipment.number,
      shipment.warehouse._id,
      shipment.lines[0]?.quantity,
    ]);
    expect(carried).toEqual(
      expect.arrayContaining([
        [1, first, 30],
        [expect.any(Number), first, 70],
        [expect.any(Number), second, 50],
      ]),
    );
    expect(after.shipments).toHaveLength(3);
    expect((await steps.levels(tool._id)).byCode).toEqual({
      MAIN: { onHand: 0, allocated: 0 },
      SHIPEAST: { onHand: 50, allocated: 0 },
    });
    // Nothing left: shipping again is refused as the ship route refuses a shipped order.
    const again = await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
  });

  it("refuses more than the order has allocated in the warehouse, naming the line and how many can ship (409)", async () => {
    const { order, tool, second } = await splitOrder();
    const above = await shipPart(order._id, { warehouseId: second, lines: [{ productId: tool._id, quantity: 51 }] });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(
      SHIPMENT_MESSAGES.aboveAllocated(
        { position: 0, name: tool.name, sku: tool.sku },
        50,
        51,
        second === east ? "East depot" : "Main warehouse",
      ),
    );
    expect(above.json().message).toMatch(/^Line 1 \(.+\): 50 can ship from .+, not 51\.$/);
    const stranger = await steps.looseTool(100);
    const notInOrder = await shipPart(order._id, {
      warehouseId: second,
      lines: [{ productId: stranger._id, quantity: 1 }],
    });
    expect(notInOrder.statusCode).toBe(409);
    expect(notInOrder.json().message).toBe(SHIPMENT_MESSAGES.notInOrder(stranger._id));
    // Nothing was written.
    expect((await adminOrder(order._id)).shipments).toEqual([]);
  });

  it("404 for an unknown order or warehouse; 400 naming the field for zero, negative, fractional pieces or no lines", async () => {
    const { order, tool, first } = await splitOrder();
    const line = (quantity: unknown) => ({ warehouseId: first, lines: [{ productId: tool._id, quantity }] });
    expect((await shipPart(UNKNOWN_ID, line(1))).statusCode).toBe(404);
    const noWarehouse = await shipPart(order._id, { ...line(1), warehouseId: UNKNOWN_ID });
    expect(noWarehouse.statusCode).toBe(404);
    expect(noWarehouse.json().message).toBe(SHIPMENT_MESSAGES.noWarehouse);
    for (const quantity of [0, -5, 1.5, "3"]) {
      const bad = await shipPart(order._id, line(quantity));
      expect(bad.statusCode, String(quantity)).toBe(400);
      expect(bad.json().errors.map((error: { field: string }) => error.field)).toEqual(["lines.0.quantity"]);
    }
    const none = await shipPart(order._id, { warehouseId: first, lines: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.map((error: { field: string }) => error.field)).toEqual(["lines"]);
    const noCarrier = await call("POST", `/api/admin/orders/${order._id}/shipments`, admin, line(1));
    expect(noCarrier.statusCode).toBe(400);
    expect((await adminOrder(order._id)).shipments).toEqual([]);
  });

  it("refuses an order that may not ship as the ship route does: unpaid, cancelled; and customers (403)", async () => {
    const tool = await steps.looseTool(100);
    const unpaid = await steps.placeOrder(customer, tool, 100);
    const body = { warehouseId: main, lines: [{ productId: tool._id, quantity: 10 }] };
    const refused = await shipPart(unpaid._id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This order is unpaid; only a paid order can be shipped.");
    expect((await call("POST", `/api/ordering/${unpaid._id}/cancel`, customer)).statusCode).toBe(200);
    expect((await shipPart(unpaid._id, body)).statusCode).toBe(409);
    expect((await shipPart(unpaid._id, body, customer)).statusCode).toBe(403);
  });

  it("an order that ships complete waits while pieces wait for stock (409 saying why)", async () => {
    const { order, tool, first } = await splitOrder();
    await ctx.db.update(orders).set({ shippingPreference: "complete" }).where(eq(orders.id, order._id));
    await ctx.db.update(orderLines).set({ waitingQuantity: 20 }).where(eq(orderLines.orderId, order._id));
    const refused = await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 10 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SHIPMENT_MESSAGES.waitsComplete(20));
    const whole = await call("POST", `/api/admin/orders/${order._id}/ship`, admin, TRACKING);
    expect(whole.statusCode).toBe(409);
    expect(whole.json().message).toBe(SHIPMENT_MESSAGES.waitsComplete(20));
  });

  it("delivered per shipment: the order is delivered when every shipment is and nothing is left", async () => {
    const { order, tool, first } = await splitOrder();
    const one = (
      await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 50 }] })
    ).json<Order>();
    const firstShipment = one.shipments[0]?._id ?? "";
    const deliver = (shipmentId: string) =>
      call("POST", `/api/admin/orders/${order._id}/shipments/${shipmentId}/deliver`, admin);
    const delivered = await deliver(firstShipment);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json<Order>()).toMatchObject({ fulfilmentStatus: "partially-shipped" });
    expect(delivered.json<Order>().shipments[0]?.deliveredAt).toEqual(expect.any(String));
    const twice = await deliver(firstShipment);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SHIPMENT_MESSAGES.alreadyDelivered(1));
    expect((await deliver(UNKNOWN_ID)).statusCode).toBe(404);
    const rest = (await call("POST", `/api/admin/orders/${order._id}/ship`, admin, TRACKING)).json<Order>();
    expect(rest.status).toBe("shipped");
    const still = rest.shipments.filter((shipment) => shipment.deliveredAt === null);
    for (const [index, shipment] of still.entries()) {
      const answer = (await deliver(shipment._id)).json<Order>();
      expect(answer.status).toBe(index === still.length - 1 ? "delivered" : "shipped");
    }
  });

  it("the packing slip: what the parcel holds and what is still to come, for the buyer and admins only", async () => {
    const { order, tool, first } = await splitOrder();
    const after = (
      await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 40 }] })
    ).json<Order>();
    const url = `/api/ordering/${order._id}/shipments/${after.shipments[0]?._id}/packing-slip.pdf`;
    const mine = await call("GET", url, customer);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(mine.rawPayload);
    expect(text).toContain(`Packing slip ${order.number}-1`);
    expect(text).toContain(`${tool.name} (${tool.sku})`);
    expect(text).toMatch(/40\s+150\s+110/);
    expect((await call("GET", url, admin)).statusCode).toBe(200);
    expect((await call("GET", url, other)).statusCode).toBe(404);
    expect((await call("GET", url, null)).statusCode).toBe(401);
    expect((await call("GET", url.replace(after.shipments[0]?._id ?? "", UNKNOWN_ID), customer)).statusCode).toBe(404);
  });

  it("the pick list: orders ready to ship with the pieces to pick from that warehouse", async () => {
    const { order, tool, first, second } = await splitOrder();
    const pickList = async (warehouseId: string) =>
      (await call("GET", `/api/admin/stock/pick-list?warehouseId=${warehouseId}`, admin)).json<PickList>();
    const picks = (list: PickList) =>
      list.orders.find((row) => row._id === order._id)?.lines.map((line) => line.quantity);
    expect(picks(await pickList(first))).toEqual([100]);
    expect(picks(await pickList(second))).toEqual([50]);
    await shipPart(order._id, { warehouseId: first, lines: [{ productId: tool._id, quantity: 100 }] });
    expect(picks(await pickList(first))).toBeUndefined();
    expect((await pickList(second)).orders.find((row) => row._id === order._id)).toMatchObject({
      number: order.number,
      fulfilmentStatus: "partially-shipped",
      lines: [{ position: 0, productId: tool._id, sku: tool.sku, name: tool.name, quantity: 50 }],
    });
    // An unpaid order holds nothing yet: nothing to pick.
    const unpaid = await steps.placeOrder(customer, await steps.looseTool(100), 100);
    expect((await pickList(main)).orders.some((row) => row._id === unpaid._id)).toBe(false);
    expect((await call("GET", "/api/admin/stock/pick-list", admin)).statusCode).toBe(400);
    expect((await call("GET", `/api/admin/stock/pick-list?warehouseId=${UNKNOWN_ID}`, admin)).statusCode).toBe(404);
    expect((await call("GET", `/api/admin/stock/pick-list?warehouseId=${main}`, customer)).statusCode).toBe(403);
  });

  describe("on account", () => {
    let onAccount: ReturnType<typeof onAccountSteps>;
    beforeAll(() => {
      onAccount = onAccountSteps(ctx, admin);
    });

    // Shipped in parts, each part has its own invoice: shipment-invoices.test.ts.
    it("ships whole in one shipment with its one invoice, for the whole total", async () => {
      const { buyer } = await onAccount.companyOnAccount("Parts Co");
      const id = await onAccount.placed(buyer, 1000);
      const order = (await call("GET", `/api/ordering/${id}`, buyer)).json<Order>();
      const productId = order.orderId;
      const whole = await shipPart(id, { warehouseId: main, lines: [{ productId, quantity: 100 }] });
      expect(whole.statusCode, whole.body).toBe(200);
      const shipped = whole.json<OrderWithCredit>();
      expect(shipped).toMatchObject({
        fulfilmentStatus: "shipped",
        invoice: { number: expect.stringMatching(/^INV-/), dueAt: expect.any(String) },
      });
      expect(shipped.shipments[0]?.invoice).toMatchObject({ number: shipped.invoiceNumber, amount: 1000 });
    });
  });
});
