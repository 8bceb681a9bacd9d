import type { AuditEntry, Product, Warehouse } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAccount } from "../test/accounts.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("stock you can promise: warehouses, receipts, allocation", () => {
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
    east = await steps.addWarehouse("east", "East depot");
  });
  afterAll(() => ctx.close());

  const call: ReturnType<typeof stockSteps>["call"] = (...args) => steps.call(...args);
  const productOf = async (id: string) => (await call("GET", `/api/product/${id}`, null)).json<Product>();
  const auditOf = async (target: string) =>
    (await call("GET", "/api/admin/audit?limit=100", admin)).json<AuditEntry[]>().filter((e) => e.target === target);

  describe("warehouses", () => {
    it("lists the first warehouse (made by the migrations) first, then the others; codes upper-case", async () => {
      const listed = await steps.warehouses();
      expect(listed.map((place) => place.code).slice(0, 2)).toEqual(["MAIN", "EAST"]);
      expect(listed[1]).toMatchObject({ _id: east, name: "East depot", address: "1 Depot Lane", active: true });
    });

    it("refuses bad input naming the field, a code taken (409), an unknown warehouse (404); edits are audited", async () => {
      const bad = await call("POST", "/api/admin/warehouses", admin, { code: "x", name: "", address: "Somewhere" });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((error: { field: string }) => error.field)
          .sort(),
      ).toEqual(["code", "name"]);
      const taken = await call("POST", "/api/admin/warehouses", admin, { code: "Main", name: "Other", address: "A" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual([{ field: "code", message: "Another warehouse has this code" }]);
      const unknown = await call("PATCH", `/api/admin/warehouses/${UNKNOWN_ID}`, admin, { name: "Nowhere" });
      expect(unknown.statusCode).toBe(404);
      const empty = await call("PATCH", `/api/admin/warehouses/${east}`, admin, {});
      expect(empty.statusCode).toBe(400);
      const renamed = await call("PATCH", `/api/admin/warehouses/${east}`, admin, { name: "East depot, Newark" });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ code: "EAST", name: "East depot, Newark" });
      expect((await auditOf(east)).map((entry) => entry.action).sort()).toEqual(["warehouse.add", "warehouse.edit"]);
    });

    it("is the admins' alone", async () => {
      expect((await call("GET", "/api/admin/warehouses", customer)).statusCode).toBe(403);
      expect((await call("GET", "/api/admin/warehouses", null)).statusCode).toBe(401);
      const added = await call("POST", "/api/admin/warehouses", customer, { code: "NOPE", name: "N", address: "A" });
      expect(added.statusCode).toBe(403);
    });

    it("makes a warehouse inactive only when it is empty and not the last active one; an inactive one receives nothing", async () => {
      const spare = await steps.addWarehouse("SPARE");
      const tool = await steps.looseTool();
      await steps.receive(tool._id, spare, 5);
      const holding = await call("PATCH", `/api/admin/warehouses/${spare}`, admin, { active: false });
      expect(holding.statusCode).toBe(409);
      expect(holding.json().errors[0].field).toBe("active");
      expect(
        (await steps.move({ productId: tool._id, warehouseId: spare, quantity: 0, kind: "adjusted", reason: "Moved" }))
          .statusCode,
      ).toBe(201);
      expect((await call("PATCH", `/api/admin/warehouses/${spare}`, admin, { active: false })).statusCode).toBe(200);
      const refused = await steps.move({ productId: tool._id, warehouseId: spare, quantity: 3, kind: "received" });
      expect(refused.statusCode).toBe(409);
      expect((await productOf(tool._id)).quantity).toBe(100);
      expect((await call("PATCH", `/api/admin/warehouses/${spare}`, admin, { active: true })).statusCode).toBe(200);
    });
  });

  describe("receipts and adjustments", () => {
    it("a receipt adds to one warehouse's count on hand; the tool's quantity is the sum available; audited", async () => {
      const tool = await steps.looseTool(400);
      await steps.receive(tool._id, east, 250);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 400, allocated: 0 }, EAST: { onHand: 250, allocated: 0 } },
        quantity: 650,
      });
      expect((await productOf(tool._id)).quantity).toBe(650);
      const entries = await auditOf(tool._id);
      expect(entries.find((entry) => entry.action === "stock.receive")).toMatchObject({
        actor: admin.email,
        after: { warehouseId: east, kind: "received", onHandChange: 250 },
      });
    });

    it("an adjustment sets the count on hand, with its reason, written as the difference", async () => {
      const tool = await steps.looseTool(400);
      const adjusted = await steps.move({
        productId: tool._id,
        warehouseId: main._id,
        quantity: 391,
        kind: "adjusted",
        reason: "Nine found broken at the count",
      });
      expect(adjusted.statusCode).toBe(201);
      expect(adjusted.json().movement).toMatchObject({
        kind: "adjusted",
        onHandChange: -9,
        allocatedChange: 0,
        reason: "Nine found broken at the count",
        by: admin.email,
      });
      expect(adjusted.json().quantity).toBe(391);
      expect((await auditOf(tool._id)).some((entry) => entry.action === "stock.adjust")).toBe(true);
    });

    it("refuses an adjustment without a reason, negative or fractional pieces, unknown tools and warehouses; nothing is written", async () => {
      const tool = await steps.looseTool(100);
      const body = { productId: tool._id, warehouseId: main._id };
      const noReason = await steps.move({ ...body, quantity: 5, kind: "adjusted" });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toEqual([{ field: "reason", message: "An adjustment needs a reason" }]);
      for (const quantity of [-3, 2.5, "many"]) {
        const refused = await steps.move({ ...body, quantity, kind: "received" });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors[0].field).toBe("quantity");
      }
      const otherKind = await steps.move({ ...body, quantity: 5, kind: "allocated" });
      expect(otherKind.json().errors[0].field).toBe("kind");
      expect((await steps.move({ ...body, productId: UNKNOWN_ID, quantity: 5, kind: "received" })).statusCode).toBe(
        404,
      );
      expect((await steps.move({ ...body, warehouseId: UNKNOWN_ID, quantity: 5, kind: "received" })).statusCode).toBe(
        404,
      );
      expect((await steps.levels(tool._id)).quantity).toBe(100);
    });

    it("Restock sets the first warehouse's count on hand, or the one named, never below what is allocated there", async () => {
      const tool = await steps.looseTool(100);
      await steps.receive(tool._id, east, 50);
      const restocked = await call("PATCH", `/api/product/${tool._id}`, admin, { quantity: 150 });
      expect(restocked.statusCode).toBe(200);
      expect(restocked.json().quantity).toBe(200);
      const inEast = await call("PATCH", `/api/product/${tool._id}`, admin, { quantity: 180, warehouseId: east });
      expect(inEast.json().quantity).toBe(330);
      expect((await steps.levels(tool._id)).byCode).toMatchObject({ MAIN: { onHand: 150 }, EAST: { onHand: 180 } });
      // MAIN's 150 cannot cover 170: EAST covers them whole.
      const order = await steps.placeOrder(customer, tool, 170);
      expect((await steps.pay(customer, order)).statusCode).toBe(200);
      const below = await call("PATCH", `/api/product/${tool._id}`, admin, { quantity: 100, warehouseId: east });
      expect(below.statusCode).toBe(409);
      expect(below.json().errors[0]).toEqual({
        field: "quantity",
        message: "170 pieces in EAST are allocated to orders: the count on hand cannot go below that",
      });
      const unknownPlace = await call("PATCH", `/api/product/${tool._id}`, admin, {
        quantity: 5,
        warehouseId: UNKNOWN_ID,
      });
      expect(unknownPlace.statusCode).toBe(404);
      const placeAlone = await call("PATCH", `/api/product/${tool._id}`, admin, { warehouseId: east });
      expect(placeAlone.json().errors[0].field).toBe("warehouseId");
      const ledger = (await auditOf(tool._id)).filter((entry) => entry.action === "product.restock");
      expect(ledger).toHaveLength(2);
    });
  });

  describe("allocation when stock is taken", () => {
    it("takes a line from the first warehouse that covers it whole", async () => {
      const tool = await steps.looseTool(300);
      await steps.receive(tool._id, east, 300);
      expect((await steps.pay(customer, await steps.placeOrder(customer, tool, 200))).statusCode).toBe(200);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 300, allocated: 200 }, EAST: { onHand: 300, allocated: 0 } },
        quantity: 400,
      });
      // MAIN has 100 left: the next 150 come whole from EAST.
      expect((await steps.pay(customer, await steps.placeOrder(customer, tool, 150))).statusCode).toBe(200);
      expect((await steps.levels(tool._id)).byCode).toMatchObject({
        MAIN: { allocated: 200 },
        EAST: { allocated: 150 },
      });
    });

    it("splits a line no warehouse covers whole; refuses (409) one that all of them cannot; never below zero", async () => {
      const tool = await steps.looseTool(150);
      await steps.receive(tool._id, east, 160);
      const split = await steps.placeOrder(customer, tool, 200);
      expect((await steps.pay(customer, split)).statusCode).toBe(200);
      // The warehouse with most first, so the line is in as few parts as can be.
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 150, allocated: 40 }, EAST: { onHand: 160, allocated: 160 } },
        quantity: 110,
      });
      // Two buyers' orders for 100 of the last 110: the first paid takes them, the other is refused at payment.
      const late = await steps.openIntent(customer, await steps.placeOrder(customer, tool, 100));
      expect((await steps.pay(other, await steps.placeOrder(other, tool, 100))).statusCode).toBe(200);
      const refused = await steps.confirm(customer, late);
      expect(refused.statusCode).toBe(409);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 150, allocated: 140 }, EAST: { onHand: 160, allocated: 160 } },
        quantity: 10,
      });
    });

    it("a refund gives back exactly what each warehouse gave; a shipped order's pieces return where they left", async () => {
      const tool = await steps.looseTool(150);
      await steps.receive(tool._id, east, 160);
      const paid = await steps.placeOrder(customer, tool, 200);
      expect((await steps.pay(customer, paid)).statusCode).toBe(200);
      const refunded = await call("POST", `/api/admin/orders/${paid._id}/refund`, admin, { restock: true });
      expect(refunded.statusCode).toBe(200);
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 150, allocated: 0 }, EAST: { onHand: 160, allocated: 0 } },
        quantity: 310,
      });

      const shipped = await steps.placeOrder(customer, tool, 200);
      expect((await steps.pay(customer, shipped)).statusCode).toBe(200);
      const ship = await call("POST", `/api/admin/orders/${shipped._id}/ship`, admin, {
        carrier: "DHL",
        trackingNumber: "00340434",
      });
      expect(ship.statusCode).toBe(200);
      // Shipped: off the shelves and out of the allocation; what can be sold is as it was.
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 110, allocated: 0 }, EAST: { onHand: 0, allocated: 0 } },
        quantity: 110,
      });
      expect((await call("POST", `/api/admin/orders/${shipped._id}/refund`, admin, { restock: true })).statusCode).toBe(
        200,
      );
      expect(await steps.levels(tool._id)).toMatchObject({
        byCode: { MAIN: { onHand: 150, allocated: 0 }, EAST: { onHand: 160, allocated: 0 } },
        quantity: 310,
      });
    });
  });
});
