import type { FastifyReply } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProduct, type ProductRow } from "../product/queries/products.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import type { BuyerLine } from "./order-rules.js";
import { type OrderRequest, placeOrder, refuse } from "./place-order.js";
import { ordersOf } from "./queries/orders.js";

/**
 * The one use case that places an order (docs/decisions/031-one-home-per-rule.md), asked directly: every
 * way of ordering gets its refusals in one shape, and a refused request stores nothing. The routes' wire
 * for each is proven through the API in ordering.test.ts, cart.test.ts and quote.test.ts.
 */
describe("placing an order", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let steps: ReturnType<typeof orderSteps>;
  // The reply only carries a 429's wait; these allowances never run out (test-app.ts).
  const reply = {} as FastifyReply;

  beforeAll(async () => {
    ctx = await createTestApp();
    steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
  });
  afterAll(() => ctx.close());

  async function tool(quantity = 1000): Promise<ProductRow> {
    const product = await findProduct(ctx.db, (await steps.newTool(quantity))._id);
    if (!product) throw new Error("the tool was not stored");
    return product;
  }

  const request = (buyer: TestAccount, lines: OrderRequest["lines"], more: Partial<OrderRequest> = {}) =>
    placeOrder(ctx.app, reply, { email: buyer.email, delivery: CONTACT, lines, ...more });

  it("answers each refusal with its reason and message, and stores nothing", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await tool(120);
    let committed = false;
    const alongside = async () => {
      committed = true;
    };

    expect(await request(buyer, [{ product: drill, quantity: 99 }])).toEqual({
      refused: "rule",
      message: expect.stringContaining(`${drill.name}: Order at least 100 pieces`),
    });
    expect(await request(buyer, [{ product: drill, quantity: 150 }])).toEqual({
      refused: "stock",
      message: `Only 120 pieces of ${drill.name} are in stock`,
    });
    expect(await request(buyer, async () => refuse("empty", "Your cart is empty."), { alongside })).toEqual({
      refused: "empty",
      message: "Your cart is empty.",
    });
    expect(await request(buyer, [{ product: drill, quantity: 100 }], { delivery: { phone: CONTACT.phone } })).toEqual({
      refused: "delivery",
      field: "address",
      message: "Address is Required",
    });
    expect(await request(buyer, [{ product: drill, quantity: 100 }], { expectedTotalCents: 1n, alongside })).toEqual({
      refused: "price-changed",
      message: expect.stringMatching(/prices changed/),
    });
    expect(committed).toBe(false);
    expect(await ordersOf(ctx.db, buyer.email)).toEqual([]);
  });

  it("places an order with what commits alongside, then refuses the tool while that order is open", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await tool();
    const lines: BuyerLine[] = [{ product: drill, quantity: 100 }];
    const committed: string[] = [];
    const placed = await request(buyer, async () => lines, {
      alongside: async (_tx, { orderId }) => {
        committed.push(orderId);
      },
    });
    if ("refused" in placed) throw new Error(placed.message);
    expect(placed).toMatchObject({ status: "unpaid", priced: { pieces: 100 } });
    expect(committed).toEqual([placed.orderId]);

    expect(await request(buyer, lines)).toEqual({
      refused: "held",
      message: `You already have an unpaid order for ${drill.name}; pay or cancel it first.`,
    });
    expect((await ordersOf(ctx.db, buyer.email)).map((order) => order.id)).toEqual([placed.orderId]);
  });

  it("lets a quote's quantities leave the tool's rule, not its stock", async () => {
    const buyer = await signUp(ctx.app);
    const quoted = (product: ProductRow, quantity: number): BuyerLine[] => [{ product, quantity, quoteCents: 900 }];
    const short = await tool(150);
    expect(await request(buyer, quoted(short, 180), { quantities: "quoted" })).toEqual({
      refused: "stock",
      message: `Only 150 pieces of ${short.name} are in stock`,
    });
    expect(await request(buyer, quoted(await tool(), 250))).toMatchObject({ refused: "rule" });
    const placed = await request(buyer, quoted(await tool(), 250), { quantities: "quoted" });
    expect(placed).toMatchObject({ status: "unpaid", priced: { pieces: 250 } });
  });
});
