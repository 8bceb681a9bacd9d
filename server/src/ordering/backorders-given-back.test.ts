import type { Order, OrderChangePreview } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../mail/queries.js";
import { stockMovements } from "../product/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT } from "../test/orders.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

describe("pieces given back go to the lines waiting for them, oldest order first, as a receipt's do", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let customer: TestAccount;
  let other: TestAccount;
  let steps: ReturnType<typeof stockSteps>;
  let account: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app);
    other = await signUp(ctx.app);
    steps = stockSteps(ctx.app, admin);
    account = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const waitingOf: ReturnType<typeof stockSteps>["waitingOf"] = (...args) => steps.waitingOf(...args);
  const readyMails = async (who: TestAccount, order: Order) =>
    (await mailsTo(ctx.db, who.email))
      .filter((mail) => mail.template === "backorder-ready")
      .map((mail) => mail.data as { orderId: string; quantity: number })
      .filter((data) => data.orderId === order._id);
  /** What the ledger allocated of `productId` to each order, as the admins' movements show it. */
  const allocatedByOrder = async (productId: string) => {
    const rows = await ctx.db
      .select({ orderId: stockMovements.orderId, allocated: stockMovements.allocatedChange })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.kind, "allocated")));
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(row.orderId ?? "", (sums.get(row.orderId ?? "") ?? 0) + row.allocated);
    return Object.fromEntries(sums);
  };
  /** A card order of `quantity` paid: it takes what is available and waits for the rest. */
  async function paidOrder(who: TestAccount, tool: Parameters<typeof steps.placeOrder>[1], quantity: number) {
    const order = await steps.placeOrder(who, tool, quantity);
    expect((await steps.pay(who, order)).statusCode).toBe(200);
    return order;
  }
  /** An order on account of `quantity`, placed by a buyer of a new company on terms. */
  async function onAccountOrder(company: string, tool: { _id: string }, quantity: number) {
    const { buyer } = await account.companyOnAccount(company);
    const placed = await steps.call("POST", "/api/ordering", buyer, {
      orderId: tool._id,
      quantity,
      ...CONTACT,
      paymentMethod: "invoice",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { buyer, id: String(placed.json().insertedId) };
  }

  it("a cancel's pieces fill the oldest waiting line, then the next, and the buyer whose line is complete is mailed", async () => {
    const tool = await steps.backorderedTool(150);
    const held = await onAccountOrder("Given Back Co", tool, 150);
    const oldest = await paidOrder(customer, tool, 100);
    const next = await paidOrder(other, tool, 120);
    expect(await waitingOf(customer, oldest._id)).toEqual([100]);
    expect(await waitingOf(other, next._id)).toEqual([120]);

    const cancel = await steps.call("POST", `/api/ordering/${held.id}/cancel`, held.buyer);
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect(await waitingOf(customer, oldest._id)).toEqual([0]);
    expect(await waitingOf(other, next._id)).toEqual([70]);
    expect(await steps.levels(tool._id)).toMatchObject({
      byCode: { MAIN: { onHand: 150, allocated: 150 } },
      quantity: 0,
    });
    expect(await allocatedByOrder(tool._id)).toEqual({ [held.id]: 150, [oldest._id]: 100, [next._id]: 50 });
    expect(await readyMails(customer, oldest)).toEqual([expect.objectContaining({ quantity: 100 })]);
    expect(await readyMails(other, next)).toEqual([]);
  });

  it("a refund's restocked pieces fill a waiting line; what is left over is available", async () => {
    const tool = await steps.backorderedTool(130);
    const refunded = await paidOrder(customer, tool, 130);
    const waiting = await paidOrder(other, tool, 100);
    expect(await waitingOf(other, waiting._id)).toEqual([100]);

    const refund = await steps.call("POST", `/api/admin/orders/${refunded._id}/refund`, admin, { restock: true });
    expect(refund.statusCode, refund.body).toBe(200);

    expect(await waitingOf(other, waiting._id)).toEqual([0]);
    expect(await steps.levels(tool._id)).toMatchObject({
      byCode: { MAIN: { onHand: 130, allocated: 100 } },
      quantity: 30,
    });
    expect(await readyMails(other, waiting)).toEqual([expect.objectContaining({ quantity: 100 })]);
  });

  it("an order changed to fewer pieces gives the difference to a waiting line, after keeping its own", async () => {
    const tool = await steps.backorderedTool(200);
    const held = await onAccountOrder("Smaller Order Co", tool, 200);
    const waiting = await paidOrder(customer, tool, 100);
    expect(await waitingOf(customer, waiting._id)).toEqual([100]);

    const lines = [{ productId: tool._id, quantity: 150 }];
    const preview = await steps.call("POST", `/api/ordering/${held.id}/changes/preview`, held.buyer, { lines });
    expect(preview.statusCode, preview.body).toBe(200);
    const { revision, after } = preview.json<OrderChangePreview>();
    const changed = await steps.call("POST", `/api/ordering/${held.id}/changes`, held.buyer, {
      lines,
      revision,
      expectedTotal: after.total,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await waitingOf(held.buyer, held.id)).toEqual([0]);
    expect(await waitingOf(customer, waiting._id)).toEqual([50]);
    expect(await steps.levels(tool._id)).toMatchObject({
      byCode: { MAIN: { onHand: 200, allocated: 200 } },
      quantity: 0,
    });
  });
});
