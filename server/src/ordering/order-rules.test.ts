import type { Order, Product } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers } from "../company/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, orderSteps, VISA } from "../test/orders.js";
import { setStockOnHand } from "../test/stock.js";
import { createTestApp } from "../test/test-app.js";
import { FIRST_ORDER_TAKEN } from "./order-rules.js";
import { orders } from "./tables.js";

/**
 * The rules that depend on a buyer's other orders (one open order per tool, one first-order promotion)
 * hold at every step that commits to an order: placing it, an owner's approval and a payment
 * (docs/decisions/030-order-rules-at-every-step.md; security finding 1 of round 4 in docs/SECURITY.md).
 */
describe("order rules at every step", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
    const promotion = await steps.call("POST", "/api/admin/promotions", admin, {
      name: "30% off your first order",
      percent: 30,
      firstOrder: true,
    });
    expect(promotion.statusCode, promotion.body).toBe(201);
  });
  afterAll(() => ctx.close());

  /** A company of an owner and a requester, whose orders all wait for the owner. */
  async function companyWithRequester() {
    const [owner, requester] = [await signUp(ctx.app), await signUp(ctx.app)];
    const [created] = await ctx.db
      .insert(companies)
      .values({ name: "Attack Works", createdBy: owner.email })
      .returning({ id: companies.id });
    const companyId = created?.id ?? "";
    await ctx.db.insert(companyMembers).values([
      { email: owner.email, companyId, role: "owner" },
      { email: requester.email, companyId, role: "requester" },
    ]);
    const approve = (orderId: string) =>
      steps.call("POST", `/api/companies/${companyId}/orders/${orderId}/approve`, owner);
    return { owner, requester, approve };
  }

  const place = (who: TestAccount, tool: Product, quantity = 100) =>
    steps.call("POST", "/api/ordering", who, { orderId: tool._id, quantity, ...CONTACT });
  const read = async (who: TestAccount, id: string) =>
    (await steps.call("GET", `/api/ordering/${id}`, who)).json<Order>();
  /** An order as it could stand before these rules: holding the first-order promotion beside another. */
  const holdFirstOrder = (id: string) =>
    ctx.db.update(orders).set({ promotionFirstOrder: true }).where(eq(orders.id, id));

  it("a requester's orders awaiting approval count as open: one first-order discount, one order per tool", async () => {
    const { requester, approve } = await companyWithRequester();
    const [drill, saw] = [await steps.newTool(), await steps.newTool()];
    const first = await place(requester, drill);
    expect(first.json().status).toBe("awaiting-approval");
    const second = await place(requester, saw);
    expect(second.statusCode, second.body).toBe(201);
    // The same drill again while the first order waits: not placed, as for an unpaid order.
    const again = await place(requester, drill);
    expect(again.json()).toEqual({ success: false, insertedId: null });
    const orderIds = [first.json().insertedId, second.json().insertedId] as string[];
    for (const id of orderIds) expect((await approve(id)).statusCode).toBe(200);
    const approved = await Promise.all(orderIds.map((id) => read(requester, id)));
    expect(approved.map((order) => order.promotion?.name ?? null)).toEqual(["30% off your first order", null]);
    expect(approved.map((order) => order.status)).toEqual(["unpaid", "unpaid"]);
  });

  it("the cart refuses a tool that an order awaiting approval holds, and says so", async () => {
    const { requester } = await companyWithRequester();
    const drill = await steps.newTool();
    expect((await place(requester, drill)).statusCode).toBe(201);
    await steps.call("PUT", `/api/cart/lines/${drill._id}`, requester, { quantity: 100 });
    const cart = (await steps.call("GET", "/api/cart", requester)).json();
    const refused = await steps.call("POST", "/api/cart/checkout", requester, {
      ...CONTACT,
      expectedTotal: cart.total,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You already have an order for ${drill.name} awaiting approval; wait for the decision or cancel it first.`,
    );
  });

  it("approval checks the first order again: of two orders that both held it, the second is refused", async () => {
    const { requester, approve } = await companyWithRequester();
    const first = (await place(requester, await steps.newTool())).json().insertedId as string;
    const second = (await place(requester, await steps.newTool())).json().insertedId as string;
    await holdFirstOrder(second);
    expect((await approve(first)).statusCode).toBe(200);
    const refused = await approve(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FIRST_ORDER_TAKEN);
    expect((await read(requester, second)).status).toBe("awaiting-approval");
  });

  it("approval checks the stock again: an order that no longer fits it waits on", async () => {
    const { requester, approve } = await companyWithRequester();
    const tool = await steps.newTool();
    const orderId = (await place(requester, tool, 150)).json().insertedId as string;
    await setStockOnHand(ctx.db, tool._id, 120);
    const refused = await approve(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Only 120 pieces of ${tool.name} are in stock`);
    expect((await read(requester, orderId)).status).toBe("awaiting-approval");
  });

  it("payment checks the first order again: nothing is charged for a second order holding it", async () => {
    const buyer = await signUp(ctx.app);
    const first = await steps.placeOrder(buyer);
    const second = await steps.placeOrder(buyer);
    expect([first.promotion?.name, second.promotion]).toEqual(["30% off your first order", null]);
    await holdFirstOrder(second._id);
    expect((await steps.pay(buyer, first)).statusCode).toBe(200);
    const refused = await steps.call("POST", "/api/create-payment-intent", buyer, {
      orderId: second._id,
      price: second.price,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FIRST_ORDER_TAKEN);
  });

  it("a payment that arrives after the rules changed is released and the order stays unpaid", async () => {
    const buyer = await signUp(ctx.app);
    const first = await steps.placeOrder(buyer);
    const second = await steps.placeOrder(buyer);
    const intent = await steps.call("POST", "/api/create-payment-intent", buyer, {
      orderId: second._id,
      price: second.price,
    });
    expect(intent.statusCode, intent.body).toBe(200);
    await holdFirstOrder(second._id);
    const confirmed = await steps.call("POST", "/api/payments/test/confirm", buyer, {
      clientSecret: intent.json().clientSecret,
      ...VISA,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(
      "This order can no longer be paid as it was placed. Nothing was charged: see the order.",
    );
    expect((await read(buyer, second._id)).status).toBe("unpaid");
    expect((await read(buyer, first._id)).status).toBe("unpaid");
  });

  it("two colleagues checking out at once share one first-order discount", async () => {
    const [one, two] = [await signUp(ctx.app), await signUp(ctx.app)];
    const [created] = await ctx.db
      .insert(companies)
      .values({ name: "Race Works", createdBy: one.email })
      .returning({ id: companies.id });
    await ctx.db
      .insert(companyMembers)
      .values(
        [one, two].map((member) => ({ email: member.email, companyId: created?.id ?? "", role: "buyer" as const })),
      );
    const [a, b] = [await steps.newTool(), await steps.newTool()];
    const placed = await Promise.all([place(one, a), place(two, b)]);
    const [orderA, orderB] = await Promise.all([
      read(one, placed[0]?.json().insertedId),
      read(two, placed[1]?.json().insertedId),
    ]);
    expect([orderA.promotion, orderB.promotion].filter(Boolean)).toHaveLength(1);
  });
});
