import type { AuditEntry, Order, OrderChangePreview, OrderWithCredit, Product } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../mail/tables.js";
import { composeMail, type MailData } from "../mail/templates/index.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";

/**
 * Admins change orders (issue 48; docs/decisions/078-admins-change-orders.md), through the API on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: a change that lowers the total applied at once and mailed; one that raises it
 * waiting for the buyer, who accepts (applied, the credit on account moved) or declines it (nothing changes); an
 * acceptance on a revision changed since, or over the credit, refused; a stranger told there is no such order.
 */
describe("admins' changes and the buyer's acceptance", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  let account: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
    account = onAccountSteps(ctx, admin);
  });
  afterAll(() => ctx.close());

  const call = (url: string, who: TestAccount, payload?: object) =>
    ctx.app.inject({ method: payload ? "POST" : "GET", url, headers: bearer(who.token), ...(payload && { payload }) });
  const read = async (who: TestAccount, id: string) => (await call(`/api/ordering/${id}`, who)).json<Order>();

  /** The admin previews the order's new lines, then confirms on the revision and total the preview answered. */
  async function adminChanges(id: string, lines: object[]) {
    const seen = await call(`/api/admin/orders/${id}/changes/preview`, admin, { lines });
    expect(seen.statusCode, seen.body).toBe(200);
    const { revision, after } = seen.json<OrderChangePreview>();
    return call(`/api/admin/orders/${id}/changes`, admin, { lines, revision, expectedTotal: after.total });
  }
  const decide = (who: TestAccount, id: string, decision: "accept" | "decline", changeId: string) =>
    call(`/api/ordering/${id}/proposed-change/${decision}`, who, { changeId });
  const mailsTo = (email: string, template: string) =>
    ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
  const auditOf = async (orderId: string) =>
    (await call("/api/admin/audit?limit=100", admin))
      .json<AuditEntry[]>()
      .filter((entry) => entry.target === orderId)
      .map((entry) => entry.action);

  /** A buyer's order on account of 100 pieces of a new $10 tool (100 to 200 pieces): $1,000. */
  async function onAccountOrder(companyName: string) {
    const { buyer, companyId } = await account.companyOnAccount(companyName);
    const tool: Product = await steps.newTool();
    const placed = await call("/api/ordering", buyer, {
      orderId: tool._id,
      quantity: 100,
      ...CONTACT,
      paymentMethod: "invoice",
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const used = async () => (await call(`/api/companies/${companyId}/credit`, buyer)).json().used as number;
    return { buyer, companyId, tool, id: placed.json().insertedId as string, used };
  }

  it("an admin's change that lowers the total is applied at once, and the buyer mailed what changed", async () => {
    const buyer = await signUp(ctx.app);
    const tool = await steps.newTool();
    const order = await steps.placeOrder(buyer, tool, 200);

    const lowered = await adminChanges(order._id, [{ productId: tool._id, quantity: 150 }]);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json<OrderWithCredit>()).toMatchObject({ quantity: 150, price: 1500, proposedChange: null });
    const seen = await read(buyer, order._id);
    expect(seen).toMatchObject({ quantity: 150, price: 1500, proposedChange: null });
    expect(seen.statusHistory.at(-1)).toMatchObject({ kind: "changed", by: admin.email });
    expect(seen.statusHistory.at(-1)?.note).toMatch(/^Before: 200 × .* After: 150 × .* Difference −\$500\.00\.$/);
    const [mail, ...more] = await mailsTo(buyer.email, "order-changed");
    expect(more).toEqual([]);
    expect(mail?.data).toMatchObject({ orderId: order._id, totalCents: 150_000 });
    expect(await auditOf(order._id)).toEqual(["order.change"]);
  });

  it("an admin's rise waits for the buyer; accepted, it is applied and the credit on account moves", async () => {
    const { buyer, tool, id, used } = await onAccountOrder("Rise Co");
    const usedBefore = await used();
    const stockBefore = (await call(`/api/product/${tool._id}`, admin)).json<Product>().quantity;

    const raised = await adminChanges(id, [{ productId: tool._id, quantity: 200 }]);
    expect(raised.statusCode, raised.body).toBe(200);
    // Not applied: kept on the order, as the admin's preview showed it.
    const waiting = raised.json<OrderWithCredit>();
    expect(waiting).toMatchObject({ quantity: 100, price: 1000 });
    expect(waiting.proposedChange).toMatchObject({ revision: 0, before: { total: 1000 }, after: { total: 2000 } });
    expect(waiting.proposedChange?.lines).toEqual([
      expect.objectContaining({ change: "changed", oldQuantity: 100, quantity: 200, oldTotal: 1000, total: 2000 }),
    ]);
    expect(waiting.statusHistory.at(-1)).toMatchObject({ kind: "change-proposed", by: admin.email });
    expect(await used()).toBe(usedBefore);
    const [mail] = await mailsTo(buyer.email, "order-change-proposed");
    expect(mail?.data).toMatchObject({ orderId: id, note: expect.stringMatching(/waits for the buyer's acceptance/) });
    // Its link leads to the order's page, where the buyer accepts it.
    const shop = { publicUrl: "https://shop.test", bankDetails: "" };
    const data = mail?.data as MailData<"order-change-proposed">;
    const composed = await composeMail(buyer.email, "order-change-proposed", data, shop);
    expect(composed.subject).toMatch(/^A change of your order FL-\d+ \(.+\) waits for your acceptance$/);
    expect(composed.text).toContain("See the change");
    expect(composed.html).toContain(`href="https://shop.test/dashboard/myorders/${id}"`);
    expect(await auditOf(id)).toEqual(["order.change-proposed"]);

    // The buyer sees it on the order, and accepts it.
    const shown = (await read(buyer, id)).proposedChange;
    expect(shown).toEqual(waiting.proposedChange);
    const accepted = await decide(buyer, id, "accept", shown?._id ?? "");
    expect(accepted.statusCode, accepted.body).toBe(200);
    const changed = accepted.json<OrderWithCredit>();
    expect(changed).toMatchObject({ quantity: 200, price: 2000, proposedChange: null });
    expect(changed.statusHistory.at(-1)).toMatchObject({ kind: "changed", by: buyer.email });
    expect(changed.statusHistory.at(-1)?.note).toMatch(
      new RegExp(`^The change ${admin.email} proposed, accepted\\. Before: 100 × .* After: 200 ×`),
    );
    expect(await used()).toBeCloseTo(usedBefore + 1000, 2);
    expect((await call(`/api/product/${tool._id}`, admin)).json<Product>().quantity).toBe(stockBefore - 100);
    // Taken: accepting it again finds none waiting.
    const again = await decide(buyer, id, "accept", shown?._id ?? "");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no longer waits for you/);
  });

  it("declined, the order stays as it was and its history says so", async () => {
    const { buyer, tool, id, used } = await onAccountOrder("Decline Co");
    const usedBefore = await used();
    const raised = await adminChanges(id, [{ productId: tool._id, quantity: 150 }]);
    const changeId = raised.json<Order>().proposedChange?._id ?? "";

    const declined = await decide(buyer, id, "decline", changeId);
    expect(declined.statusCode, declined.body).toBe(200);
    const order = declined.json<Order>();
    expect(order).toMatchObject({ quantity: 100, price: 1000, proposedChange: null });
    expect(order.statusHistory.at(-1)).toMatchObject({ kind: "change-declined", by: buyer.email });
    expect(order.statusHistory.at(-1)?.note).toMatch(/\$1,000\.00 → \$1,500\.00\), declined/);
    expect(await used()).toBe(usedBefore);
    expect((await decide(buyer, id, "accept", changeId)).statusCode).toBe(409);
    // The admin reads it in the order's history too.
    const history = (await call(`/api/admin/orders/${id}`, admin)).json<Order>().statusHistory;
    expect(history.map((event) => event.kind).slice(-2)).toEqual(["change-proposed", "change-declined"]);
  });

  it("an acceptance after the order changed since is 409 and changes nothing", async () => {
    const { buyer, tool, id } = await onAccountOrder("Stale Co");
    const raised = await adminChanges(id, [{ productId: tool._id, quantity: 200 }]);
    const changeId = raised.json<Order>().proposedChange?._id ?? "";
    // Meanwhile the buyer changes the order themselves: the proposal was made on the revision before.
    const own = [{ productId: tool._id, quantity: 125 }];
    const previewed = (await call(`/api/ordering/${id}/changes/preview`, buyer, { lines: own })).json();
    const mine = await call(`/api/ordering/${id}/changes`, buyer, {
      lines: own,
      revision: previewed.revision,
      expectedTotal: previewed.after.total,
    });
    expect(mine.statusCode, mine.body).toBe(200);

    const stale = await decide(buyer, id, "accept", changeId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^The order changed since this change was proposed/);
    const order = await read(buyer, id);
    expect(order.quantity).toBe(125);
    expect(order.proposedChange?._id).toBe(changeId);
    // Declining it still clears it.
    expect((await decide(buyer, id, "decline", changeId)).statusCode).toBe(200);
  });

  it("the company's credit is checked when the buyer accepts: over it, 409 naming by how much", async () => {
    const { buyer, companyId, tool, id } = await onAccountOrder("Credit Co");
    const raised = await adminChanges(id, [{ productId: tool._id, quantity: 200 }]);
    const changeId = raised.json<Order>().proposedChange?._id ?? "";
    const lowered = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/companies/${companyId}`,
      headers: bearer(admin.token),
      payload: { paymentTerms: { netDays: 30, creditLimit: 1500 } },
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const over = await decide(buyer, id, "accept", changeId);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^This order is \$500\.00 over your company's credit/);
    expect(await read(buyer, id)).toMatchObject({ quantity: 100, proposedChange: { _id: changeId } });
  });

  it("only who may change the order decides: a stranger and an admin are told there is no such order", async () => {
    const { buyer, tool, id } = await onAccountOrder("Stranger Co");
    const stranger = await signUp(ctx.app);
    const raised = await adminChanges(id, [{ productId: tool._id, quantity: 200 }]);
    const changeId = raised.json<Order>().proposedChange?._id ?? "";
    for (const who of [stranger, admin]) {
      for (const decision of ["accept", "decline"] as const) {
        const answer = await decide(who, id, decision, changeId);
        expect({ decision, status: answer.statusCode }).toEqual({ decision, status: 404 });
      }
    }
    // The admin's routes are the back office's: a customer is refused them.
    const asBuyer = await call(`/api/admin/orders/${id}/changes/preview`, buyer, { lines: [] });
    expect(asBuyer.statusCode).toBe(403);
    expect(await read(buyer, id)).toMatchObject({ quantity: 100, proposedChange: { _id: changeId } });
  });

  it("an admin's change is checked as the buyer's: the quantity rule names the field, a stale revision is 409", async () => {
    const buyer = await signUp(ctx.app);
    const tool = await steps.newTool();
    const order = await steps.placeOrder(buyer, tool, 150);
    const offRule = await call(`/api/admin/orders/${order._id}/changes/preview`, admin, {
      lines: [{ productId: tool._id, quantity: 250 }],
    });
    expect(offRule.statusCode).toBe(400);
    expect(offRule.json().errors[0].field).toBe("lines.0.quantity");
    const stale = await call(`/api/admin/orders/${order._id}/changes`, admin, {
      lines: [{ productId: tool._id, quantity: 100 }],
      revision: 3,
      expectedTotal: 1000,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you read it/);
    expect((await read(buyer, order._id)).quantity).toBe(150);
  });
});
