import {
  type Cart,
  type Company,
  type CompanyRole,
  type Order,
  type Product,
  REQUESTER_CANNOT_PAY,
} from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, companyAddresses, companyMembers, companyPrices } from "../company/tables.js";
import { mailsTo } from "../mail/queries.js";
import { composeMail, type MailData } from "../mail/templates/index.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, VISA } from "../test/orders.js";
import { pdfText } from "../test/pdf.js";
import { createTestApp } from "../test/test-app.js";

/**
 * A company's terms on its members' orders (docs/SELLING-TO-BUSINESSES.md, 'One price function' and 'Companies'),
 * through the ordering routes: contract prices, tax exemption, PO numbers, delivery addresses, the shared history and
 * the first order. The companies are set up in the database here; their own routes are tested in company/.
 */
describe("orders of company members", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { SHOP_TAX_RATE: "10" } });
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const call = (method: "GET" | "POST" | "PUT", url: string, who: TestAccount | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  async function newTool(fields: Record<string, unknown> = {}): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Company Tool ${tools}`,
      price: 100,
      quantity: 1000,
      description: "For the company tests.",
      image: "/images/x.webp",
      ...fields,
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  async function company(
    members: [TestAccount, CompanyRole][],
    terms: { taxExempt?: boolean; poRequired?: boolean } = {},
  ) {
    const [created] = await ctx.db
      .insert(companies)
      .values({ name: "Acme Works", taxId: "US-12-3456789", createdBy: members[0]?.[0].email ?? "", ...terms })
      .returning();
    const companyId = created?.id ?? "";
    await ctx.db
      .insert(companyMembers)
      .values(members.map(([member, role]) => ({ email: member.email, companyId, role })));
    return companyId;
  }

  const put = (who: TestAccount, product: Product, quantity: number) =>
    call("PUT", `/api/cart/lines/${product._id}`, who, { quantity });
  const cartOf = async (who: TestAccount) => (await call("GET", "/api/cart", who)).json<Cart>();
  const checkout = async (who: TestAccount, extra: object = {}) =>
    call("POST", "/api/cart/checkout", who, { ...CONTACT, expectedTotal: (await cartOf(who)).total, ...extra });
  const orderOf = (who: TestAccount, id: string) => call("GET", `/api/ordering/${id}`, who);

  it("prices each line at the lowest of list, tier and contract price, and says which", async () => {
    const buyer = await signUp(ctx.app);
    const companyId = await company([[buyer, "owner"]]);
    // Tier: 150+ at $90. Contract: $80 for the first (below its tier), $95 for the second (above it).
    const tiers = [{ minQuantity: 150, unitPrice: 90 }];
    const [cheaper, dearer] = [await newTool({ tiers }), await newTool({ tiers })];
    await ctx.db.insert(companyPrices).values([
      { companyId, productId: cheaper?._id ?? "", unitCents: 8000 },
      { companyId, productId: dearer?._id ?? "", unitCents: 9500 },
    ]);
    await put(buyer, cheaper as Product, 150);
    await put(buyer, dearer as Product, 150);
    const cart = await cartOf(buyer);
    expect(cart.lines.map((line) => [line.unitPrice, line.priceSource])).toEqual([
      [80, "contract"],
      [90, "tier"],
    ]);
    // 100 pieces: no tier yet, so the $95 contract price beats the $100 list price.
    await put(buyer, dearer as Product, 100);
    expect((await cartOf(buyer)).lines[1]).toMatchObject({ unitPrice: 95, priceSource: "contract" });
    // Another customer pays the list and tier prices.
    const outsider = await signUp(ctx.app);
    await put(outsider, cheaper as Product, 150);
    expect((await cartOf(outsider)).lines[0]).toMatchObject({ unitPrice: 90, priceSource: "tier" });
    const placed = await checkout(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await orderOf(buyer, placed.json().insertedId)).json<Order>();
    expect(order.companyId).toBe(companyId);
    expect(order.lines.map((line) => line.priceSource)).toEqual(["contract", "contract"]);
    // 150 × $80 + 100 × $95 = $21,500, plus 10% tax.
    expect([order.subtotal, order.tax, order.price]).toEqual([21_500, 2_150, 23_650]);
  });

  it("charges a tax-exempt company no tax; its invoice names the company and its tax ID", async () => {
    const buyer = await signUp(ctx.app);
    await company([[buyer, "buyer"]], { taxExempt: true });
    await put(buyer, await newTool(), 100);
    expect((await cartOf(buyer)).tax).toBe(0);
    const placed = await checkout(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await orderOf(buyer, placed.json().insertedId)).json<Order>();
    expect([order.tax, order.price]).toEqual([0, 10_000]);
    const intent = await call("POST", "/api/create-payment-intent", buyer, { orderId: order._id, price: order.price });
    const paid = await call("POST", "/api/payments/test/confirm", buyer, {
      clientSecret: intent.json().clientSecret,
      ...VISA,
    });
    expect(paid.statusCode).toBe(200);
    const invoice = await call("GET", `/api/ordering/${order._id}/invoice`, buyer);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain("Acme Works");
    expect(text).toContain("Tax ID: US-12-3456789");
    expect(text).toContain("Tax: none, the buyer is tax-exempt");
    // The invoice keeps what the order was placed with, whatever the company becomes.
    await ctx.db
      .update(companies)
      .set({ name: "Renamed Ltd", taxExempt: false })
      .where(eq(companies.id, order.companyId ?? ""));
    const again = await call("GET", `/api/ordering/${order._id}/invoice`, buyer);
    expect(await pdfText(again.rawPayload)).toContain("Acme Works");
  });

  it("requires a PO number when the company says so: 400 naming it, nothing placed", async () => {
    const buyer = await signUp(ctx.app);
    await company([[buyer, "buyer"]], { poRequired: true });
    await put(buyer, await newTool(), 100);
    const refused = await checkout(buyer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: "poNumber", message: "A PO number is required" }]);
    const modal = await call("POST", "/api/ordering", buyer, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...CONTACT,
    });
    expect(modal.statusCode).toBe(400);
    expect(modal.json().errors).toEqual([{ field: "poNumber", message: "A PO number is required" }]);
    const modalWithPo = await call("POST", "/api/ordering", buyer, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...CONTACT,
      poNumber: "PO-7730",
    });
    expect(modalWithPo.statusCode, modalWithPo.body).toBe(201);
    expect((await orderOf(buyer, modalWithPo.json().insertedId)).json<Order>().poNumber).toBe("PO-7730");
    expect((await cartOf(buyer)).lines).toHaveLength(1);
    const placed = await checkout(buyer, { poNumber: "PO-7731" });
    expect(placed.statusCode).toBe(201);
    expect((await orderOf(buyer, placed.json().insertedId)).json<Order>().poNumber).toBe("PO-7731");
  });

  it("sends a member's order to one of the company's addresses when it keeps any", async () => {
    const buyer = await signUp(ctx.app);
    const companyId = await company([[buyer, "buyer"]]);
    const [site] = await ctx.db
      .insert(companyAddresses)
      .values({ companyId, label: "Plant 2", address: "2 Mill Lane, Leeds", phone: "5550100002" })
      .returning();
    await put(buyer, await newTool(), 100);
    const free = await checkout(buyer);
    expect(free.statusCode).toBe(400);
    expect(free.json().errors[0].field).toBe("addressId");
    const unknown = await checkout(buyer, { address: undefined, addressId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.json().errors).toEqual([
      { field: "addressId", message: "Choose one of your company's delivery addresses" },
    ]);
    const placed = await checkout(buyer, { address: undefined, addressId: site?.id });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await orderOf(buyer, placed.json().insertedId)).json<Order>().address).toBe("2 Mill Lane, Leeds");
    // The order modal's one-line order keeps to the same rule.
    const { address: _typed, ...phoneOnly } = CONTACT;
    const modal = await call("POST", "/api/ordering", buyer, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...CONTACT,
    });
    expect(modal.json().errors[0].field).toBe("addressId");
    const sent = await call("POST", "/api/ordering", buyer, {
      orderId: (await newTool())._id,
      quantity: 100,
      ...phoneOnly,
      addressId: site?.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await orderOf(buyer, sent.json().insertedId)).json<Order>().address).toBe("2 Mill Lane, Leeds");
  });

  it("lets colleagues see an order, spenders its invoice; outsiders and removed members get 404", async () => {
    const [owner, buyer, requester, outsider] = [
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
    ];
    await company([
      [owner, "owner"],
      [buyer, "buyer"],
      [requester, "requester"],
    ]);
    await put(buyer, await newTool(), 100);
    const placed = await checkout(buyer);
    const order = (await orderOf(buyer, placed.json().insertedId)).json<Order>();
    const intent = await call("POST", "/api/create-payment-intent", buyer, { orderId: order._id, price: order.price });
    const paid = await call("POST", "/api/payments/test/confirm", buyer, {
      clientSecret: intent.json().clientSecret,
      ...VISA,
    });
    expect(paid.statusCode).toBe(200);
    for (const colleague of [owner, requester]) {
      expect((await orderOf(colleague, order._id)).statusCode).toBe(200);
      // Its invoice says what the company paid: the spenders' to read, not a requester's (decision 058).
      const invoice = await call("GET", `/api/ordering/${order._id}/invoice`, colleague);
      expect(invoice.statusCode).toBe(colleague === owner ? 200 : 404);
      // Seeing is not cancelling: that stays the buyer's.
      expect((await call("POST", `/api/ordering/${order._id}/cancel`, colleague)).statusCode).toBe(404);
    }
    expect((await orderOf(outsider, order._id)).statusCode).toBe(404);
    expect((await call("GET", `/api/ordering/${order._id}/invoice`, outsider)).statusCode).toBe(404);
    await ctx.db.delete(companyMembers).where(eq(companyMembers.email, requester.email));
    expect((await orderOf(requester, order._id)).statusCode).toBe(404);
  });

  const place = (who: TestAccount, tool: Product, quantity: number) =>
    call("POST", "/api/ordering", who, { orderId: tool._id, quantity, ...CONTACT });
  const statusOf = async (who: TestAccount, id: string) => (await orderOf(who, id)).json<Order>().status;
  const setLimit = (member: TestAccount, dollars: number) =>
    ctx.db
      .update(companyMembers)
      .set({ monthlyLimitCents: dollars * 100 })
      .where(eq(companyMembers.email, member.email));

  it("limit $5,000 with $4,000 spent: a $1,500 order waits, a $900 one does not; a cancellation frees budget", async () => {
    const [owner, buyer] = [await signUp(ctx.app), await signUp(ctx.app)];
    await company(
      [
        [owner, "owner"],
        [buyer, "buyer"],
      ],
      { taxExempt: true },
    );
    await setLimit(buyer, 5000);
    const [twenty, ten, nine, ten2] = [
      await newTool({ price: 20 }),
      await newTool({ price: 10 }),
      await newTool({ price: 9 }),
      await newTool({ price: 10 }),
    ];
    const spent = await place(buyer, twenty as Product, 200);
    expect(await statusOf(buyer, spent.json().insertedId)).toBe("unpaid");
    const over = await place(buyer, ten as Product, 150);
    expect(over.statusCode).toBe(201);
    expect(await statusOf(buyer, over.json().insertedId)).toBe("awaiting-approval");
    // Its history says why it waits: the spend it would reach and the limit.
    const [placed] = (await orderOf(buyer, over.json().insertedId)).json<Order>().statusHistory;
    expect(placed?.note).toBe(
      `Placed. Waits for an owner: with it, ${buyer.email}'s orders this month come to $5,500.00, over the ` +
        "monthly limit of $5,000.00.",
    );
    const within = await place(buyer, nine as Product, 100);
    expect(await statusOf(buyer, within.json().insertedId)).toBe("unpaid");
    // A waiting order holds no stock and cannot be paid.
    const waiting = (await orderOf(buyer, over.json().insertedId)).json<Order>();
    const intent = await call("POST", "/api/create-payment-intent", buyer, {
      orderId: waiting._id,
      price: waiting.price,
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe("This order is awaiting approval; only an unpaid order can be paid.");
    // $4,000 + $900 are spent (the waiting $1,500 is not, yet); cancelling the $4,000 order frees room.
    expect((await call("POST", `/api/ordering/${spent.json().insertedId}/cancel`, buyer)).statusCode).toBe(200);
    const after = await place(buyer, ten2 as Product, 150);
    expect(await statusOf(buyer, after.json().insertedId)).toBe("unpaid");
  });

  it("a requester's order waits for an owner, who approves it (the buyer is mailed) or rejects it with a note", async () => {
    const [owner, secondOwner, requester, outsider] = [
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
    ];
    const companyId = await company([
      [owner, "owner"],
      [secondOwner, "owner"],
      [requester, "requester"],
    ]);
    await company([[outsider, "owner"]]);
    const [first, second] = [await newTool(), await newTool()];
    const asked = await place(requester, first as Product, 100);
    const orderId = asked.json().insertedId;
    expect(await statusOf(requester, orderId)).toBe("awaiting-approval");
    expect((await orderOf(requester, orderId)).json<Order>().statusHistory[0]?.note).toBe(
      "Placed. Waits for an owner: an owner approves every order of a requester.",
    );
    // The owners' menu counts what waits for them; the requester's answer carries no count.
    const waitingFor = async (who: TestAccount) =>
      (await call("GET", "/api/companies/mine", who)).json<Company>().awaitingApproval;
    expect([await waitingFor(owner), await waitingFor(requester)]).toEqual([1, undefined]);
    const decide = (who: TestAccount, id: string, step: "approve" | "reject", payload?: object) =>
      call("POST", `/api/companies/${companyId}/orders/${id}/${step}`, who, payload);
    // Only the company's owners may decide: its other members are refused, anyone else told there is no such order.
    expect((await decide(requester, orderId, "approve")).statusCode).toBe(403);
    expect((await decide(outsider, orderId, "approve")).statusCode).toBe(404);
    expect((await decide(owner, orderId, "reject", {})).statusCode).toBe(400);
    const approved = await decide(owner, orderId, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("unpaid");
    expect(await waitingFor(secondOwner)).toBe(0);
    expect((await decide(secondOwner, orderId, "approve")).json().message).toBe(
      "This order is unpaid; only an order awaiting approval can be approved or rejected.",
    );
    const templates = (await mailsTo(ctx.db, requester.email)).map((mail) => mail.template);
    expect(templates).toEqual(["verify-address", "order-awaiting-approval", "order-placed"]);
    expect((await mailsTo(ctx.db, owner.email)).map((mail) => mail.template)).toContain("approval-requested");

    const other = (await place(requester, second as Product, 100)).json().insertedId;
    const rejected = await decide(secondOwner, other, "reject", { note: "Over this quarter's budget" });
    expect(rejected.json().status).toBe("cancelled");
    const mails = await mailsTo(ctx.db, requester.email);
    expect(mails.at(-1)).toMatchObject({ template: "order-cancelled" });
    expect(JSON.stringify(mails.at(-1)?.data)).toContain("Over this quarter's budget");
  });

  it("an owner approves with a note (mailed with the approver's name); a colleague with the buyer role pays it, a requester may not pay another's", async () => {
    const [owner, requester, buyer, otherRequester] = [
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
      await signUp(ctx.app),
    ];
    const companyId = await company([
      [owner, "owner"],
      [requester, "requester"],
      [buyer, "buyer"],
      [otherRequester, "requester"],
    ]);
    const orderId = (await place(requester, await newTool(), 100)).json().insertedId;
    const approved = await call("POST", `/api/companies/${companyId}/orders/${orderId}/approve`, owner, {
      note: "Fine for the Leeds site",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().statusHistory.at(-1)).toMatchObject({
      status: "unpaid",
      by: owner.email,
      note: "Approved: Fine for the Leeds site",
    });
    const order = (await orderOf(requester, orderId)).json<Order>();
    const payAs = (who: TestAccount) =>
      call("POST", "/api/create-payment-intent", who, { orderId: order._id, price: order.price });
    // A requester cannot spend: not their colleague's order, and not their own either.
    expect((await payAs(otherRequester)).statusCode).toBe(404);
    const ownPay = await payAs(requester);
    expect(ownPay.statusCode).toBe(403);
    expect(ownPay.json().message).toBe(REQUESTER_CANNOT_PAY);
    // The approval's mail tells the requester who pays, and sends them to the order, not to a payment.
    const placedMail = (await mailsTo(ctx.db, requester.email)).find((mail) => mail.template === "order-placed");
    expect(placedMail?.data).toMatchObject({ payer: "colleague", approvedBy: owner.email });
    const composed = await composeMail(requester.email, "order-placed", placedMail?.data as MailData<"order-placed">, {
      publicUrl: "https://shop.example",
      bankDetails: "Forgeline Tools Ltd · IBAN GB00 TEST",
    });
    // It names who approved it and what they wrote.
    expect(composed.subject).toBe(`Your order ${order.number} (${order.order}) is approved`);
    expect(composed.text).toContain(`${owner.email} approved your order. Their note: Fine for the Leeds site`);
    expect(composed.text).toContain("A buyer or an owner of your company pays it");
    expect(composed.text).not.toContain("/dashboard/payment/");
    const intent = await payAs(buyer);
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await call("POST", "/api/payments/test/confirm", buyer, {
      clientSecret: intent.json().clientSecret,
      ...VISA,
    });
    expect(paid.statusCode).toBe(200);
    for (const member of [owner, requester, buyer, otherRequester]) {
      const history = await call("GET", `/api/companies/${companyId}/orders`, member);
      expect(history.json().find((row: Order) => row._id === orderId)?.status).toBe("paid");
    }
  });

  it("nobody approves their own order: an owner's over-limit order waits for another owner", async () => {
    const [owner, otherOwner] = [await signUp(ctx.app), await signUp(ctx.app)];
    const companyId = await company([
      [owner, "owner"],
      [otherOwner, "owner"],
    ]);
    await setLimit(owner, 100);
    const placed = await place(owner, await newTool(), 100);
    const orderId = placed.json().insertedId;
    expect(await statusOf(owner, orderId)).toBe("awaiting-approval");
    const own = await call("POST", `/api/companies/${companyId}/orders/${orderId}/approve`, owner);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      "You cannot approve or reject your own order: another owner of your company decides.",
    );
    const byOther = await call("POST", `/api/companies/${companyId}/orders/${orderId}/approve`, otherOwner);
    expect(byOther.json().status).toBe("unpaid");
  });

  it("two orders at once never both fit the same remaining budget", async () => {
    const buyer = await signUp(ctx.app);
    await company([[buyer, "buyer"]], { taxExempt: true });
    await setLimit(buyer, 2000);
    const tools = [await newTool({ price: 10 }), await newTool({ price: 10 }), await newTool({ price: 10 })];
    // $1,000 each: any two fit, all three do not.
    const placed = await Promise.all(tools.map((tool) => place(buyer, tool, 100)));
    const statuses = await Promise.all(placed.map((answer) => statusOf(buyer, answer.json().insertedId)));
    expect(statuses.filter((status) => status === "unpaid")).toHaveLength(2);
    expect(statuses.filter((status) => status === "awaiting-approval")).toHaveLength(1);
  });

  it("gives the first-order promotion once per company, not once per member", async () => {
    const added = await call("POST", "/api/admin/promotions", admin, {
      name: "30% off your first order",
      percent: 30,
      firstOrder: true,
    });
    expect(added.statusCode).toBe(201);
    try {
      const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
      await company([
        [first, "buyer"],
        [second, "buyer"],
      ]);
      await put(first, await newTool(), 100);
      await put(second, await newTool(), 100);
      expect((await cartOf(first)).promotion?.name).toBe("30% off your first order");
      expect((await checkout(first)).statusCode).toBe(201);
      // The colleague's unpaid order holds it: the second member's cart no longer gets it.
      expect((await cartOf(second)).promotion).toBeNull();
    } finally {
      await ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/promotions/${added.json().insertedId}`,
        headers: bearer(admin.token),
        payload: { active: false },
      });
    }
  });
});
