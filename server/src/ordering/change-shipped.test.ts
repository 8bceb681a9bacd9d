import {
  type CompanyCredit,
  ORDER_CHANGE_MESSAGES,
  type OrderChangePreview,
  type OrderWithCredit,
  type Product,
} from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers } from "../company/tables.js";
import { paymentIntents, paymentRefunds } from "../payment/tables.js";
import { stockMovements } from "../product/tables.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT, orderSteps, VISA } from "../test/orders.js";
import { expectLevelsToBeTheLedger } from "../test/stock.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

const TRACKING = { carrier: "DHL", trackingNumber: "JD0079" };

/**
 * Changing an order shipped in part (docs/decisions/079-changing-an-order-shipped-in-part.md), through the API: its
 * lines still to ship change (up, down, added, removed), a line with pieces shipped stays (409 naming it); on account
 * after a shipment invoiced part of it the credit used moves by the difference, the issued invoice stays as it was and
 * the next shipment bills the changed lines at their new prices; a card order owes a rise (its rest ships once paid)
 * and is refunded a fall, exactly; shipped pieces never come back to the shelves. PGlite and PostgreSQL alike.
 */
describe("changing an order shipped in part", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  let account: ReturnType<typeof onAccountSteps>;
  let main: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
    account = onAccountSteps(ctx, admin);
    main = (await stockSteps(ctx.app, admin).warehouses())[0]?._id ?? "";
  });
  afterAll(() => ctx.close());

  const call = (url: string, who: TestAccount, payload?: object, method: "GET" | "POST" = "POST") =>
    ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  /** A tool at $10 a piece (from 200 pieces $8), ordered 100 to 500 pieces in steps of 25, 2,000 in stock. */
  const tool = () =>
    steps.newTool(2000, {
      quantityRule: { min: 100, max: 500, step: 25 },
      tiers: [{ minQuantity: 200, unitPrice: 8 }],
    });
  const read = async (who: TestAccount, id: string) =>
    (await call(`/api/ordering/${id}`, who, undefined, "GET")).json<OrderWithCredit>();
  const available = async (product: Product) =>
    (await call(`/api/product/${product._id}`, admin, undefined, "GET")).json<Product>().quantity;
  const cents = (dollars: number) => Math.round(dollars * 100);
  const linesOf = (tools: [Product, number][]) => tools.map(([each, quantity]) => ({ productId: each._id, quantity }));

  /** Previews, then applies on the revision and total the preview answered; answers both (the preview's if refused). */
  async function change(who: TestAccount, id: string, lines: object[], route = `/api/ordering/${id}/changes`) {
    const seen = await call(`${route}/preview`, who, { lines });
    if (seen.statusCode !== 200) return { seen, applied: seen };
    const { revision, after } = seen.json<OrderChangePreview>();
    return { seen, applied: await call(route, who, { lines, revision, expectedTotal: after.total }) };
  }
  /** Ships `quantity` pieces of a tool of the order from the first warehouse (Ship part). */
  const shipPart = (id: string, product: Product, quantity: number) =>
    call(`/api/admin/orders/${id}/shipments`, admin, {
      ...TRACKING,
      warehouseId: main,
      lines: [{ productId: product._id, quantity }],
    });
  /** What went back to the stock of the order's pieces once shipped: must stay none. */
  const returnedFor = (orderId: string) =>
    ctx.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, "returned")));

  /**
   * An order of three lines at $10 (100 each: hammer, saw, drill; $3,000), placed on account or by card (then paid),
   * and its 100 saws shipped: the saw line, in the middle, has every piece shipped.
   */
  async function sawsShipped(buyer: TestAccount, paymentMethod: "invoice" | "card") {
    const [hammer, saw, drill] = [await tool(), await tool(), await tool()];
    const placed = await call("/api/ordering", buyer, {
      orderId: hammer._id,
      quantity: 100,
      ...CONTACT,
      paymentMethod,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id: string = placed.json().insertedId;
    const three = await change(
      buyer,
      id,
      linesOf([
        [hammer, 100],
        [saw, 100],
        [drill, 100],
      ]),
    );
    expect(three.applied.statusCode, three.applied.body).toBe(200);
    if (paymentMethod === "card") expect((await steps.pay(buyer, await read(buyer, id))).statusCode).toBe(200);
    const part = await shipPart(id, saw, 100);
    expect(part.statusCode, part.body).toBe(200);
    return { id, hammer, saw, drill, order: await read(buyer, id) };
  }

  it("on account, invoiced in part: its unshipped lines change to the cent, the next invoices bill their new prices", async () => {
    const { buyer, companyId, members } = await account.companyOnAccount("Shipped Part Co", ["requester"]);
    const used = async () =>
      (await call(`/api/companies/${companyId}/credit`, buyer, undefined, "GET")).json<CompanyCredit>().used;
    const { id, hammer, saw, drill, order } = await sawsShipped(buyer, "invoice");
    const first = order.shipments[0]?.invoice;
    expect(order).toMatchObject({ fulfilmentStatus: "partially-shipped", price: 3000, balance: 1000 });
    expect(first).toMatchObject({ amount: 1000, balance: 1000 });
    expect(order.actions).toContain("change:order");
    expect(order.lines.map((line) => line.shippedQuantity)).toEqual([0, 100, 0]);
    // The first invoice paid by transfer: the order is paid in part, its invoices owe nothing.
    expect((await account.pay(companyId, 1000)).statusCode).toBe(201);
    expect(await read(buyer, id)).toMatchObject({ paymentStatus: "partially-paid", balance: 0, amountPaid: 1000 });
    expect(await used()).toBe(2000);
    expect(await available(saw)).toBe(1900);

    // The shipped line stays as it is, named; a requester is not offered the change: it could not wait for an owner.
    const [requester] = members;
    if (!requester) throw new Error("the company has a requester");
    expect((await call(`/api/ordering/${id}`, requester, undefined, "GET")).json().actions).not.toContain(
      "change:order",
    );
    const touched = await change(
      buyer,
      id,
      linesOf([
        [hammer, 100],
        [saw, 125],
        [drill, 100],
      ]),
    );
    expect(touched.seen.statusCode).toBe(409);
    expect(touched.seen.json().message).toBe(
      ORDER_CHANGE_MESSAGES.lineShipped({ name: saw.name, sku: saw.sku ?? "", shipped: 100 }),
    );
    // An admin's change is held to the same rule (decision 078).
    const byAdmin = await change(
      admin,
      id,
      linesOf([
        [hammer, 100],
        [saw, 0],
        [drill, 100],
      ]),
      `/api/admin/orders/${id}/changes`,
    );
    expect(byAdmin.seen.statusCode).toBe(409);
    expect(byAdmin.seen.json().message).toMatch(new RegExp(`^${saw.name} \\(`));

    // Up (its tier: 250 at $8), down, a line added, a line removed: each total exact, the credit used moved by it.
    const sequence: { lines: [Product, number][]; total: number }[] = [
      {
        lines: [
          [hammer, 100],
          [saw, 100],
          [drill, 250],
        ],
        total: 4000,
      },
      {
        lines: [
          [hammer, 100],
          [saw, 100],
          [drill, 200],
        ],
        total: 3600,
      },
      {
        lines: [
          [hammer, 100],
          [saw, 100],
          [drill, 200],
          [await tool(), 100],
        ],
        total: 4600,
      },
    ];
    const wrench = sequence[2]?.lines[3]?.[0];
    if (!wrench) throw new Error("a wrench");
    // The hammer, before the saws, goes: the saws' shipment follows its line to its new place.
    sequence.push({
      lines: [
        [saw, 100],
        [drill, 200],
        [wrench, 100],
      ],
      total: 3600,
    });
    let total = 3000;
    for (const step of sequence) {
      const usedBefore = await used();
      const { seen, applied } = await change(buyer, id, linesOf(step.lines));
      expect(applied.statusCode, applied.body).toBe(200);
      expect(cents(seen.json<OrderChangePreview>().difference)).toBe(cents(step.total - total));
      const after = applied.json<OrderWithCredit>();
      expect(cents(after.price)).toBe(cents(step.total));
      expect(cents(after.subtotal)).toBe(cents(step.total));
      // The money stays as the invoices say it: the first paid, the rest owed as its shipments invoice it.
      expect(after).toMatchObject({ paymentStatus: "partially-paid", amountPaid: 1000, balance: 0 });
      expect(cents(await used())).toBe(cents(usedBefore + step.total - total));
      total = step.total;
    }
    const changed = await read(buyer, id);
    expect(changed.lines.map((line) => [line.sku, line.quantity, line.unitPrice, line.shippedQuantity])).toEqual([
      [saw.sku, 100, 10, 100],
      [drill.sku, 200, 8, 0],
      [wrench.sku, 100, 10, 0],
    ]);
    expect(changed.shipments[0]?.lines).toEqual([expect.objectContaining({ sku: saw.sku, quantity: 100 })]);
    expect(changed.shipments[0]?.invoice).toMatchObject({ number: first?.number, amount: 1000, balance: 0 });
    // The stock: the saws shipped never came back; the hammers went back; drills and wrenches set aside as changed.
    expect(await returnedFor(id)).toEqual([]);
    expect([await available(hammer), await available(saw), await available(drill), await available(wrench)]).toEqual([
      2000, 1900, 1800, 1900,
    ]);
    for (const each of [hammer, saw, drill, wrench]) await expectLevelsToBeTheLedger(ctx.db, each._id);

    // The next shipment bills 100 drills at their new $8; the last the rest of the changed total.
    const drills = await shipPart(id, drill, 100);
    expect(drills.statusCode, drills.body).toBe(200);
    expect(drills.json<OrderWithCredit>().shipments[1]?.invoice).toMatchObject({ amount: 800, balance: 800 });
    const rest = await call(`/api/admin/orders/${id}/ship`, admin, TRACKING);
    expect(rest.statusCode, rest.body).toBe(200);
    const shipped = await read(buyer, id);
    expect(shipped.shipments.map((shipment) => shipment.invoice?.amount)).toEqual([1000, 800, 1800]);
    expect(shipped).toMatchObject({ fulfilmentStatus: "shipped", balance: 2600, price: 3600 });
    for (const each of [saw, drill, wrench]) await expectLevelsToBeTheLedger(ctx.db, each._id);
    expect(await available(saw)).toBe(1900);
    const closed = await change(
      buyer,
      id,
      linesOf([
        [saw, 100],
        [drill, 200],
        [wrench, 125],
      ]),
    );
    expect(closed.seen.json().message).toBe(ORDER_CHANGE_MESSAGES.shipped);
  });

  it("keeps something to ship, and cannot wait for an owner: a buyer's change over their limit is refused", async () => {
    const { buyer, companyId } = await account.companyOnAccount("Nothing Left Co");
    const { id, hammer, saw, drill } = await sawsShipped(buyer, "invoice");
    const { seen } = await change(buyer, id, linesOf([[saw, 100]]));
    expect(seen.statusCode).toBe(409);
    expect(seen.json().message).toBe(ORDER_CHANGE_MESSAGES.nothingToShip);
    await ctx.db
      .update(companyMembers)
      .set({ monthlyLimitCents: 350_000 })
      .where(and(eq(companyMembers.email, buyer.email), eq(companyMembers.companyId, companyId)));
    const over = await change(
      buyer,
      id,
      linesOf([
        [hammer, 200],
        [saw, 100],
        [drill, 100],
      ]),
    );
    expect(over.seen.statusCode).toBe(409);
    expect(over.seen.json().message).toBe(ORDER_CHANGE_MESSAGES.shippedCannotWait);
    expect(
      (
        await change(
          buyer,
          id,
          linesOf([
            [hammer, 125],
            [saw, 100],
            [drill, 100],
          ]),
        )
      ).applied.statusCode,
    ).toBe(200);
  });

  it("by card, shipped in part: a rise owes the difference and the rest ships once paid; a fall is refunded exactly", async () => {
    const buyer = await signUp(ctx.app);
    const { id, hammer, saw, drill, order } = await sawsShipped(buyer, "card");
    expect(order).toMatchObject({ fulfilmentStatus: "partially-shipped", paymentStatus: "paid", price: 3000 });
    expect(order.actions).toContain("change:order");

    // 100 → 250 hammers at $8: $2,000 for the line, $1,000 more than paid.
    const up = await change(
      buyer,
      id,
      linesOf([
        [hammer, 250],
        [saw, 100],
        [drill, 100],
      ]),
    );
    expect(up.seen.json<OrderChangePreview>().money).toEqual({ owed: 1000, refunded: 0 });
    expect(up.applied.statusCode, up.applied.body).toBe(200);
    expect(up.applied.json<OrderWithCredit>()).toMatchObject({
      fulfilmentStatus: "partially-shipped",
      paymentStatus: "partially-paid",
      price: 4000,
      amountPaid: 3000,
      balance: 1000,
    });
    expect(up.applied.json<OrderWithCredit>().actions).toContain("pay:order");
    // The rest ships once the difference is paid.
    for (const refused of [
      await shipPart(id, hammer, 100),
      await call(`/api/admin/orders/${id}/ship`, admin, TRACKING),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ORDER_CHANGE_MESSAGES.owesDifference);
    }
    const opened = await call(`/api/payments/${id}/balance-intent`, buyer);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().amount).toBe(1000);
    const paid = await call("/api/payments/test/confirm", buyer, { clientSecret: opened.json().clientSecret, ...VISA });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await read(buyer, id)).toMatchObject({ paymentStatus: "paid", amountPaid: 4000, balance: 0 });

    // 250 → 200 hammers ($1,600): $400 back to the card, exactly, once.
    const down = await change(
      buyer,
      id,
      linesOf([
        [hammer, 200],
        [saw, 100],
        [drill, 100],
      ]),
    );
    expect(down.seen.json<OrderChangePreview>().money).toEqual({ owed: 0, refunded: 400 });
    expect(down.applied.statusCode, down.applied.body).toBe(200);
    const refunds = await ctx.db
      .select({ amountCents: paymentRefunds.amountCents, reason: paymentRefunds.reason })
      .from(paymentRefunds)
      .innerJoin(paymentIntents, eq(paymentIntents.id, paymentRefunds.intentId))
      .where(eq(paymentIntents.orderId, id));
    expect(refunds).toEqual([{ amountCents: 40_000, reason: "order-changed" }]);
    expect(await read(buyer, id)).toMatchObject({ paymentStatus: "paid", price: 3600, amountPaid: 3600, balance: 0 });
    expect(await returnedFor(id)).toEqual([]);
    expect([await available(hammer), await available(saw), await available(drill)]).toEqual([1800, 1900, 1900]);

    const rest = await call(`/api/admin/orders/${id}/ship`, admin, TRACKING);
    expect(rest.statusCode, rest.body).toBe(200);
    for (const each of [hammer, saw, drill]) await expectLevelsToBeTheLedger(ctx.db, each._id);
    expect([await available(hammer), await available(saw), await available(drill)]).toEqual([1800, 1900, 1900]);
  });
});
