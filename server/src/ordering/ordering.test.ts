import type { Order, Product } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../db/schema.js";
import { accessTokens } from "../identity/access-token.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";

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
    expect(response.json()).toEqual({ success: true, insertedId: expect.any(String) });

    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/ordering?userEmail=${customer.email}`,
      headers: bearer(customer.token),
    });
    expect(mine.json<Order[]>()).toEqual([
      {
        _id: response.json().insertedId,
        orderId: drill._id,
        order: drill.name,
        unitPrice: drill.price,
        quantity: 150,
        price: Math.round(drill.price * 150 * 100) / 100,
        userEmail: customer.email,
        userName: "Olive Orders",
        phone: contact.phone,
        address: contact.address,
        paid: false,
        transactionId: null,
        createdAt: expect.any(String),
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

  it.each([
    ["99 pieces", { quantity: 99 }, "quantity"],
    ["201 pieces", { quantity: 201 }, "quantity"],
    ["a negative quantity", { quantity: -150 }, "quantity"],
    ["a fractional quantity", { quantity: 150.5 }, "quantity"],
    ["a quantity that is not a number", { quantity: "lots" }, "quantity"],
    ["no phone", { phone: undefined }, "phone"],
    ["a phone of letters", { phone: "call me maybe" }, "phone"],
    ["no address", { address: "" }, "address"],
    ["a 10 000-character address", { address: "x".repeat(10_000) }, "address"],
    ["a product id that is not an id", { orderId: "drill" }, "orderId"],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_, change, field) => {
    const before = await count();
    const response = await order(other, { orderId: level._id, quantity: 100, ...contact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(await count()).toBe(before);
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
    const forged = await accessTokens("some-other-secret-0000000000000000000000").issue(other.email);
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
