import type { Order, Product, Promotion } from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { accessTokens } from "../user/access-token.js";
import { orders } from "./tables.js";

describe("ordering", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let drill: Product;
  let level: Product;
  let pliers: Product;
  const contact = { phone: "+1 555-010-2000", address: "12 Workshop Lane, Springfield" };

  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    customer = await signUp(ctx.app, { name: "Olive Orders" });
    other = await signUp(ctx.app, { name: "Other Buyer" });
    admin = await signUp(ctx.app, { admin: true });
    const catalogue = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>();
    const find = (text: string) => catalogue.find((product) => product.name.includes(text)) as Product;
    drill = find("Cordless Drill");
    level = find("Box Beam Level");
    pliers = find("Slip-Joint Pliers");
  });
  afterAll(() => ctx.close());

  const order = (account: TestAccount | null, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/ordering", headers: account ? bearer(account.token) : {}, payload });
  const count = async () => (await ctx.db.select().from(orders)).length;

  it("places an order: the server takes the customer from the token and the price from the product", async () => {
    const response = await order(customer, {
      orderId: drill._id,
      quantity: 150,
      ...contact,
      order: "Something else",
      price: 0.01,
      userName: "Mallory",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, insertedId: expect.any(String), status: "unpaid" });

    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering?userEmail=${customer.email}`,
      headers: bearer(customer.token),
    });
    // The drill's list price is $89.00 and its 150+ tier $84.00: 150 × $84.00 = $12,600.00. The buyer has no
    // paid order, so "30% off your first order" applies (the 200-piece one does not): $3,780.00 off.
    expect(drill).toMatchObject({
      price: 89,
      tiers: [
        { minQuantity: 150, unitPrice: 84 },
        { minQuantity: 200, unitPrice: 79 },
      ],
    });
    const firstOrder = (await ctx.app.inject({ method: "GET", url: "/api/promotions" }))
      .json<Promotion[]>()
      .find((promotion) => promotion.name === "30% off your first order");
    expect(firstOrder).toMatchObject({ percent: 30, firstOrder: true, minPieces: null });
    expect(mine.json<Order[]>()).toEqual([
      {
        _id: response.json().insertedId,
        number: expect.stringMatching(/^FL-\d{6,}$/),
        orderId: drill._id,
        order: drill.name,
        unitPrice: 84,
        quantity: 150,
        price: 8820,
        userEmail: customer.email,
        userName: "Olive Orders",
        phone: contact.phone,
        address: contact.address,
        paid: false,
        transactionId: null,
        createdAt: expect.any(String),
        status: "unpaid",
        statusHistory: [
          { kind: "placed", status: "unpaid", at: expect.any(String), by: customer.email, note: "Placed" },
        ],
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        invoiceNumber: null,
        lines: [
          {
            productId: drill._id,
            sku: "FL-DRL-20V",
            name: drill.name,
            quantity: 150,
            listUnitPrice: 89,
            unitPrice: 84,
            priceSource: "tier",
            discount: 3780,
            total: 12_600,
            waitingQuantity: 0,
            shippedQuantity: 0,
            expectedAt: null,
          },
        ],
        shipping: "as-available",
        shipments: [],
        subtotal: 12_600,
        promotion: { _id: firstOrder?._id, name: "30% off your first order", percent: 30 },
        discount: 3780,
        taxRate: 0,
        tax: 0,
        poNumber: null,
        companyId: null,
        // Paid by card (the default), before it ships: all of it is still owed.
        fulfilmentStatus: "open",
        paymentStatus: "unpaid",
        paymentMethod: "card",
        netDays: null,
        amountPaid: 0,
        credited: 0,
        creditNotes: [],
        moneyMovements: [],
        balance: 8820,
        creditable: 0,
        invoice: null,
        overdue: false,
        // What the customer may do to it now: pay it, cancel it, or order it again.
        actions: ["pay:order", "cancel:order", "change:order", "reorder:order"],
        // No change of an admin's waits for the buyer (docs/decisions/078-admins-change-orders.md).
        proposedChange: null,
      },
    ]);
  });

  it("refuses a second unpaid order of the same product with success: false", async () => {
    const before = await count();
    const again = await order(customer, { orderId: drill._id, quantity: 120, ...contact });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: false, insertedId: null });
    expect(await count()).toBe(before);
  });

  const badPhone = "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters";
  it.each([
    ["99 pieces", { quantity: 99 }, "quantity", "Order at least 100 pieces"],
    ["201 pieces", { quantity: 201 }, "quantity", "Order at most 200 pieces"],
    ["a negative quantity", { quantity: -150 }, "quantity", "Order at least 100 pieces"],
    ["a fractional quantity", { quantity: 150.5 }, "quantity", "Quantity must be a whole number"],
    ["a quantity that is not a number", { quantity: "lots" }, "quantity", "Quantity is Required"],
    ["a quantity past 32 bits", { quantity: 2 ** 31 }, "quantity", "Order at most 200 pieces"],
    ["no phone", { phone: undefined }, "phone", "Phone is Required"],
    ["a phone of letters", { phone: "call me maybe" }, "phone", badPhone],
    ["a 21-character phone", { phone: "1".repeat(21) }, "phone", badPhone],
    ["no address", { address: "" }, "address", "Address is Required"],
    ["a 501-character address", { address: "x".repeat(501) }, "address", "Address must be 500 characters or fewer"],
    [
      "a 10 000-character address",
      { address: "x".repeat(10_000) },
      "address",
      "Address must be 500 characters or fewer",
    ],
    ["a product id that is not an id", { orderId: "drill" }, "orderId", "orderId must be a product id"],
    [
      "a 255-character userEmail",
      { userEmail: `${"u".repeat(243)}@example.com` },
      "userEmail",
      "Provide a Valid Email",
    ],
    ["a userEmail that is not text", { userEmail: ["a@b.co"] }, "userEmail", "Email is Required"],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_, change, field, message) => {
    const before = await count();
    const response = await order(other, { orderId: level._id, quantity: 100, ...contact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await count()).toBe(before);
  });

  it("stores and charges the largest order there can be: 200 pieces at $100,000.00 = $20,000,000.00", async () => {
    const added = await ctx.app.inject({
      method: "POST",
      url: "/api/product",
      headers: bearer(admin.token),
      payload: {
        name: "Forgeline Hydraulic Press",
        price: 100_000,
        quantity: 1_000_000,
        description: "The dearest tool the catalogue can hold.",
        image: "/images/press.webp",
      },
    });
    expect(added.statusCode).toBe(201);
    const productId = added.json().insertedId;
    const rowOf = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

    // 200 pieces earn "40% off orders of 200 pieces or more" while it runs: $8,000,000.00 off.
    const discounted = await order(customer, { orderId: productId, quantity: 200, ...contact });
    expect(discounted.statusCode).toBe(201);
    expect(await rowOf(discounted.json().insertedId)).toMatchObject({
      unitPriceCents: 10_000_000,
      quantity: 200,
      subtotalCents: 2_000_000_000,
      promotionName: "40% off orders of 200 pieces or more",
      promotionPercent: 40,
      discountCents: 800_000_000,
      totalCents: 1_200_000_000,
    });
    const cancelled = await ctx.app.inject({
      method: "POST",
      url: `/api/ordering/${discounted.json().insertedId}/cancel`,
      headers: bearer(customer.token),
    });
    expect(cancelled.statusCode).toBe(200);

    // With no promotion running the same order is the largest there can be; the promotions run again after.
    const running = (await ctx.app.inject({ method: "GET", url: "/api/promotions" })).json<Promotion[]>();
    expect(running.map((promotion) => promotion.name).sort()).toEqual([
      "30% off your first order",
      "40% off orders of 200 pieces or more",
    ]);
    const setActive = async (active: boolean) => {
      for (const promotion of running) {
        const answer = await ctx.app.inject({
          method: "PATCH",
          url: `/api/admin/promotions/${promotion._id}`,
          headers: bearer(admin.token),
          payload: { active },
        });
        expect(answer.statusCode).toBe(200);
      }
    };
    await setActive(false);
    let orderId: string;
    try {
      const placed = await order(customer, { orderId: productId, quantity: 200, ...contact });
      expect(placed.statusCode).toBe(201);
      orderId = placed.json().insertedId;
    } finally {
      await setActive(true);
    }
    expect(await rowOf(orderId)).toMatchObject({
      unitPriceCents: 10_000_000,
      quantity: 200,
      subtotalCents: 2_000_000_000,
      promotionName: null,
      discountCents: 0,
      taxCents: 0,
      totalCents: 2_000_000_000,
    });

    const pay = (price: number) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/create-payment-intent",
        headers: bearer(customer.token),
        payload: { orderId, price },
      });
    const aboveAnyTotal = await pay(20_000_000.01);
    expect(aboveAnyTotal.statusCode).toBe(400);
    expect(aboveAnyTotal.json().errors).toEqual([{ field: "price", message: "Maximum $20,000,000.00" }]);
    const aCentShort = await pay(19_999_999.99);
    expect(aCentShort.statusCode).toBe(400);
    expect(aCentShort.json().errors).toEqual([
      { field: "price", message: "The amount does not match this order's total of $20,000,000.00." },
    ]);
    const intent = await pay(20_000_000);
    expect(intent.statusCode).toBe(200);
    const confirmed = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/test/confirm",
      headers: bearer(customer.token),
      payload: {
        clientSecret: intent.json().clientSecret,
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      },
    });
    expect(confirmed.statusCode).toBe(200);

    const paid = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${orderId}`,
      headers: bearer(customer.token),
    });
    expect(paid.json()).toMatchObject({ unitPrice: 100_000, quantity: 200, price: 20_000_000, paid: true });
    const press = await ctx.app.inject({ method: "GET", url: `/api/product/${productId}` });
    expect(press.json().quantity).toBe(999_800);
  });

  it("refuses more pieces than the stock holds, and a product that does not exist", async () => {
    const tooMany = await order(other, { orderId: pliers._id, quantity: 100, ...contact });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { field: "quantity", message: `Only 45 pieces of ${pliers.name} are in stock` },
    ]);
    const missing = await order(other, { orderId: "00000000-0000-4000-8000-000000000000", quantity: 100, ...contact });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses an order for someone else's email, an admin's order, and callers without a valid token", async () => {
    const before = await count();
    expect(
      (await order(other, { orderId: level._id, quantity: 100, ...contact, userEmail: customer.email })).statusCode,
    ).toBe(403);
    expect((await order(admin, { orderId: level._id, quantity: 100, ...contact })).statusCode).toBe(403);
    expect((await order(null, { orderId: level._id, quantity: 100, ...contact })).statusCode).toBe(401);
    const forged = await accessTokens("some-other-secret-0000000000000000000000").issue(other);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/ordering",
      headers: bearer(forged),
      payload: { orderId: level._id, quantity: 100, ...contact },
    });
    expect(response.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it("keeps each customer's orders to themselves", async () => {
    const [mine] = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/ordering?userEmail=${customer.email}`,
        headers: bearer(customer.token),
      })
    ).json<Order[]>();
    const othersList = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering?userEmail=${customer.email}`,
      headers: bearer(other.token),
    });
    expect(othersList.statusCode).toBe(403);
    const othersView = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${mine?._id}`,
      headers: bearer(other.token),
    });
    expect(othersView.statusCode).toBe(404);
    const ownView = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering/${mine?._id}`,
      headers: bearer(customer.token),
    });
    expect(ownView.json()).toEqual(mine);
    expect((await ctx.app.inject({ method: "GET", url: `/api/ordering/${mine?._id}` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/ordering/not-an-id", headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(400);
  });
});
