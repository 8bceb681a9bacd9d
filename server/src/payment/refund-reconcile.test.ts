import type { Order } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProduct } from "../product/queries/products.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";
import { REFUND_NOT_RECORDED } from "./order-refund.js";
import { openIntentOf } from "./queries.js";
import { paymentRefunds } from "./tables.js";

/**
 * Round 3 finding 6: a refund called the provider inside the database transaction, without an idempotency
 * key, so a commit that failed after the provider refunded left the two apart; and cancelling an unpaid
 * order left its payment intent open.
 */
describe("refunds and cancellations keep the shop and the provider together", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(() => ctx.close());

  const refunds = (intentId: string) =>
    ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.intentId, intentId));

  it("a refund whose commit fails after the provider refunded is finished by refunding again, once", async () => {
    const customer = await signUp(ctx.app);
    const tool = await steps.newTool(1000);
    const order = await steps.paidOrder(customer, tool);
    expect((await findProduct(ctx.db, tool._id))?.quantity).toBe(850);

    // The shop's database refuses the transaction that records the refund, after the provider refunded.
    await ctx.db.execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as
      $$ begin raise exception 'the database went away'; end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
    );
    const failed = await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(REFUND_NOT_RECORDED);
    // Nothing half-done in the shop: still paid, the stock not back, no refund recorded.
    const unchanged = (await steps.call("GET", `/api/ordering/${order._id}`, customer)).json<Order>();
    expect(unchanged.status).toBe("paid");
    expect((await findProduct(ctx.db, tool._id))?.quantity).toBe(850);
    expect(await refunds(order.transactionId ?? "")).toEqual([]);

    await ctx.db.execute(sql`drop trigger refuse_audit on audit_log`);
    const again = await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Order>().status).toBe("refunded");
    expect((await findProduct(ctx.db, tool._id))?.quantity).toBe(1000);
    // The same idempotency key: the provider answered the same refund, recorded once.
    expect(await refunds(order.transactionId ?? "")).toHaveLength(1);
    const third = await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true });
    expect(third.statusCode).toBe(409);
    expect(await refunds(order.transactionId ?? "")).toHaveLength(1);
  });

  it("two refunds at once refund once", async () => {
    const customer = await signUp(ctx.app);
    const order = await steps.paidOrder(customer);
    const answers = await Promise.all(
      [1, 2, 3].map(() => steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await refunds(order.transactionId ?? "")).toHaveLength(1);
  });

  it("cancelling an unpaid order cancels its open payment", async () => {
    const customer = await signUp(ctx.app);
    const order = await steps.placeOrder(customer);
    const intent = await steps.call("POST", "/api/create-payment-intent", customer, {
      orderId: order._id,
      price: order.price,
    });
    expect(intent.statusCode).toBe(200);
    expect(await openIntentOf(ctx.db, order._id)).toBeDefined();
    expect((await steps.call("POST", `/api/ordering/${order._id}/cancel`, customer)).statusCode).toBe(200);
    expect(await openIntentOf(ctx.db, order._id)).toBeUndefined();
    // The card form can no longer pay it.
    const paid = await steps.call("POST", "/api/payments/test/confirm", customer, {
      clientSecret: intent.json().clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    expect(paid.statusCode).not.toBe(200);
    expect((await steps.call("GET", `/api/ordering/${order._id}`, customer)).json<Order>().status).toBe("cancelled");
  });
});
