import type { Cart, Order, Product, Promotion } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrder } from "../ordering/queries/orders.js";
import { markOrderPaid } from "../payment/mark-paid.js";
import { findProduct } from "../product/queries/products.js";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { CONTACT, VISA } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";

/**
 * The cart, checkout and promotions of docs/SELLING-TO-BUSINESSES.md, 'One price function' and 'Cart and checkout',
 * through the API as a buyer and an admin use them.
 */
describe("cart, checkout and the price of every quantity", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let tools = 0;

  beforeAll(async () => {
    // 8.875% tax, so rounding shows; no demo promotions: each test states its own.
    ctx = await createTestApp({ env: { SHOP_TAX_RATE: "8.875" } });
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH",
    url: string,
    who: TestAccount | null,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  async function newTool(fields: Record<string, unknown> = {}): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Cart Tool ${tools}`,
      price: 89,
      quantity: 1000,
      description: "For the cart tests.",
      image: "/images/x.webp",
      ...fields,
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  const put = (who: TestAccount, product: Product, quantity: unknown) =>
    call("PUT", `/api/cart/lines/${product._id}`, who, { quantity });
  const checkout = (who: TestAccount, expectedTotal: number, extra: object = {}) =>
    call("POST", "/api/cart/checkout", who, { ...CONTACT, expectedTotal, ...extra });
  const cartOf = async (who: TestAccount) => (await call("GET", "/api/cart", who)).json<Cart>();
  const orderOf = async (who: TestAccount, id: string) => (await call("GET", `/api/ordering/${id}`, who)).json<Order>();

  async function promotion(fields: Partial<Promotion>): Promise<string> {
    const added = await call("POST", "/api/admin/promotions", admin, { name: "Promo", percent: 10, ...fields });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().insertedId;
  }
  const endPromotion = (id: string) => call("PATCH", `/api/admin/promotions/${id}`, admin, { active: false });

  async function pay(who: TestAccount, order: Order) {
    const intent = await call("POST", "/api/create-payment-intent", who, { orderId: order._id, price: order.price });
    expect(intent.statusCode, intent.body).toBe(200);
    return call("POST", "/api/payments/test/confirm", who, { clientSecret: intent.json().clientSecret, ...VISA });
  }

  it("prices a tier from its minimum quantity: 149 pieces at list price, 150 at the tier's", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool({
      tiers: [
        { minQuantity: 150, unitPrice: 84 },
        { minQuantity: 200, unitPrice: 79 },
      ],
    });
    expect(drill.tiers).toEqual([
      { minQuantity: 150, unitPrice: 84 },
      { minQuantity: 200, unitPrice: 79 },
    ]);
    const at149 = (await put(buyer, drill, 149)).json<Cart>();
    expect(at149.lines[0]).toMatchObject({
      quantity: 149,
      unitPrice: 89,
      listUnitPrice: 89,
      priceSource: "list",
      total: 13_261,
    });
    const at150 = (await put(buyer, drill, 150)).json<Cart>();
    expect(at150.lines[0]).toMatchObject({ quantity: 150, unitPrice: 84, priceSource: "tier", total: 12_600 });
    // 8.875% of $12,600.00 = $1,118.25
    expect(at150).toMatchObject({
      subtotal: 12_600,
      promotion: null,
      discount: 0,
      taxRate: 8.875,
      tax: 1118.25,
      total: 13_718.25,
    });
  });

  it("applies the promotion that saves most, once per order, and the first-order one only until an order is paid", async () => {
    const buyer = await signUp(ctx.app);
    const first = await promotion({ name: "30% off your first order", percent: 30, firstOrder: true });
    const bulk = await promotion({ name: "40% off orders of 200 pieces or more", percent: 40, minPieces: 200 });
    try {
      const hammer = await newTool({ price: 10 });
      const saw = await newTool({ price: 20 });
      await put(buyer, hammer, 100);
      let cart = await cartOf(buyer);
      expect(cart.promotion?.name).toBe("30% off your first order");
      expect(cart).toMatchObject({ subtotal: 1000, discount: 300 });
      cart = (await put(buyer, saw, 100)).json<Cart>();
      // 200 pieces: 40% saves more than 30%.
      expect(cart.promotion?.name).toBe("40% off orders of 200 pieces or more");
      expect(cart).toMatchObject({ pieces: 200, subtotal: 3000, discount: 1200 });
      expect(cart.lines.map((line) => line.discount)).toEqual([400, 800]);
      await call("DELETE", `/api/cart/lines/${saw._id}`, buyer);

      const placed = await checkout(buyer, (await cartOf(buyer)).total);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = await orderOf(buyer, placed.json().insertedId);
      expect(order.promotion?.name).toBe("30% off your first order");
      // While the first order is unpaid it holds the first-order discount: a second order does not get it too.
      await put(buyer, saw, 100);
      expect((await cartOf(buyer)).promotion).toBeNull();
      expect((await pay(buyer, order)).statusCode).toBe(200);
      // Paid: the buyer has had a first order.
      expect((await cartOf(buyer)).promotion).toBeNull();
    } finally {
      await endPromotion(first);
      await endPromotion(bulk);
    }
  });

  it("rounds odd cents half up, per line and for the tax", async () => {
    const buyer = await signUp(ctx.app);
    const washer = await newTool({ price: 0.15, quantityRule: { min: 101, max: 201, step: 1 } });
    const ten = await promotion({ name: "10% off", percent: 10 });
    try {
      const cart = (await put(buyer, washer, 101)).json<Cart>();
      // 101 × $0.15 = $15.15; 10% = 151.5 cents → $1.52; tax 8.875% of $13.63 = 120.96… cents → $1.21.
      expect(cart).toMatchObject({ subtotal: 15.15, discount: 1.52, tax: 1.21, total: 14.84 });
    } finally {
      await endPromotion(ten);
    }
  });

  it("checks out several lines into one order, frozen: a later price or tier change leaves it as it was", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool({ tiers: [{ minQuantity: 150, unitPrice: 84 }] });
    const level = await newTool({ price: 27.9, quantityRule: { min: 100, max: 500, step: 25 } });
    await put(buyer, drill, 150);
    await put(buyer, level, 125);
    const cart = await cartOf(buyer);
    expect(cart.lines).toHaveLength(2);
    const placed = await checkout(buyer, cart.total, { poNumber: "PO-4471" });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = await orderOf(buyer, placed.json().insertedId);
    expect(order).toMatchObject({
      order: `${drill.name} + 1 more`,
      orderId: drill._id,
      quantity: 275,
      price: cart.total,
      subtotal: cart.subtotal,
      tax: cart.tax,
      poNumber: "PO-4471",
      status: "unpaid",
    });
    expect(
      order.lines.map(({ sku, quantity, unitPrice, priceSource }) => ({ sku, quantity, unitPrice, priceSource })),
    ).toEqual([
      { sku: drill.sku, quantity: 150, unitPrice: 84, priceSource: "tier" },
      { sku: level.sku, quantity: 125, unitPrice: 27.9, priceSource: "list" },
    ]);
    expect((await cartOf(buyer)).lines).toEqual([]);

    await call("PATCH", `/api/product/${drill._id}`, admin, {
      price: 99,
      tiers: [{ minQuantity: 150, unitPrice: 95 }],
    });
    await call("PATCH", `/api/product/${level._id}`, admin, { price: 10 });
    expect(await orderOf(buyer, order._id)).toEqual(order);
  });

  it("refuses a stale expectedTotal with 409 and the new cart, placing nothing", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const cart = (await put(buyer, drill, 100)).json<Cart>();
    await call("PATCH", `/api/product/${drill._id}`, admin, { price: 95 });
    const refused = await checkout(buyer, cart.total);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/prices changed/);
    expect(refused.json().cart.total).toBe(10_343.13); // 100 × $95 + 8.875% tax
    const mine = await call("GET", `/api/ordering?userEmail=${buyer.email}`, buyer);
    expect(mine.json()).toEqual([]);
    expect((await cartOf(buyer)).lines).toHaveLength(1);
  });

  it("places one order of two checkouts at once", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const { total } = (await put(buyer, drill, 100)).json<Cart>();
    const answers = await Promise.all([checkout(buyer, total), checkout(buyer, total), checkout(buyer, total)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const mine = (await call("GET", `/api/ordering?userEmail=${buyer.email}`, buyer)).json<Order[]>();
    expect(mine).toHaveLength(1);
  });

  it("refuses a tool already in an unpaid order, naming it, until that order is paid or cancelled", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool();
    const modal = await call("POST", "/api/ordering", buyer, { orderId: drill._id, quantity: 100, ...CONTACT });
    expect(modal.statusCode).toBe(201);
    const { total } = (await put(buyer, drill, 120)).json<Cart>();
    const refused = await checkout(buyer, total);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`You already have an unpaid order for ${drill.name}; pay or cancel it first.`);
    await call("POST", `/api/ordering/${modal.json().insertedId}/cancel`, buyer);
    expect((await checkout(buyer, total)).statusCode).toBe(201);
  });

  it("pays a two-line order by taking both stocks, or neither when one line is short; a refund puts both back", async () => {
    const buyer = await signUp(ctx.app);
    const a = await newTool({ quantity: 1000 });
    const b = await newTool({ quantity: 300 });
    await put(buyer, a, 150);
    await put(buyer, b, 200);
    const placed = await checkout(buyer, (await cartOf(buyer)).total);
    const order = await orderOf(buyer, placed.json().insertedId);

    // Another buyer takes most of b's stock first: the order no longer fits, and neither stock moves.
    await call("PATCH", `/api/product/${b._id}`, admin, { quantity: 150 });
    const unpaid = await findOrder(ctx.db, order._id);
    if (!unpaid) throw new Error("the order was not stored");
    expect(await markOrderPaid(ctx.db, unpaid, "pi_short")).toBe("out-of-stock");
    expect((await findProduct(ctx.db, a._id))?.quantity).toBe(1000);
    expect((await findProduct(ctx.db, b._id))?.quantity).toBe(150);
    expect((await orderOf(buyer, order._id)).status).toBe("unpaid");
    const intent = await call("POST", "/api/create-payment-intent", buyer, { orderId: order._id, price: order.price });
    expect(intent.statusCode).toBe(409);

    await call("PATCH", `/api/product/${b._id}`, admin, { quantity: 300 });
    expect((await pay(buyer, order)).statusCode).toBe(200);
    expect((await findProduct(ctx.db, a._id))?.quantity).toBe(850);
    expect((await findProduct(ctx.db, b._id))?.quantity).toBe(100);

    const refund = await call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: true });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await findProduct(ctx.db, a._id))?.quantity).toBe(1000);
    expect((await findProduct(ctx.db, b._id))?.quantity).toBe(300);
  });

  it("refuses quantities outside the rule naming the nearest allowed ones, and nonsense quantities, storing nothing", async () => {
    const buyer = await signUp(ctx.app);
    const tape = await newTool({ quantityRule: { min: 100, max: 500, step: 25 } });
    const cases: [unknown, number, string][] = [
      [110, 400, "Order 100 to 500 pieces in steps of 25: 100 or 125"],
      [99, 400, "Order at least 100 pieces"],
      [501, 400, "Order at most 500 pieces"],
      [-5, 400, "Order at least 1 piece"],
      [100.5, 400, "Quantity must be a whole number"],
      [1e12, 400, "Order at most 100,000 pieces"],
      ["lots", 400, "Quantity is Required"],
    ];
    for (const [quantity, status, message] of cases) {
      const answer = await put(buyer, tape, quantity);
      expect(answer.statusCode, String(quantity)).toBe(status);
      expect(answer.json().errors[0].message, String(quantity)).toContain(message);
    }
    const short = await newTool({ quantity: 120 });
    const above = await put(buyer, short, 150);
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(`Only 120 pieces of ${short.name} are in stock`);
    expect((await cartOf(buyer)).lines).toEqual([]);
  });

  it("refuses a withdrawn tool by name, and takes it out of carts when it is withdrawn", async () => {
    const buyer = await signUp(ctx.app);
    const old = await newTool();
    await put(buyer, old, 100);
    await call("DELETE", `/api/product/${old._id}`, admin);
    expect((await cartOf(buyer)).lines).toEqual([]);
    const again = await put(buyer, old, 100);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${old.name} is no longer in the catalogue`);
    expect((await checkout(buyer, 0)).json().message).toBe("Your cart is empty.");
  });

  it("prices lines for the Order Now modal without storing them", async () => {
    const buyer = await signUp(ctx.app);
    const drill = await newTool({ tiers: [{ minQuantity: 150, unitPrice: 84 }] });
    const quoted = await call("POST", "/api/pricing/quote", buyer, {
      lines: [{ productId: drill._id, quantity: 150 }],
    });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json()).toMatchObject({ subtotal: 12_600, tax: 1118.25, total: 13_718.25 });
    expect(quoted.json().lines[0]).toMatchObject({ unitPrice: 84, priceSource: "tier" });
    expect((await cartOf(buyer)).lines).toEqual([]);
    const off = await call("POST", "/api/pricing/quote", buyer, { lines: [{ productId: drill._id, quantity: 20 }] });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual([
      { field: "lines.0.quantity", message: `${drill.name}: Order at least 100 pieces` },
    ]);
  });

  it("keeps admins out of carts: they run the shop, they do not buy from it", async () => {
    expect((await call("GET", "/api/cart", admin)).statusCode).toBe(403);
  });
});

describe("products' selling terms: SKU, quantity rule, tiers (docs/SELLING-TO-BUSINESSES.md)", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const add = (fields: object) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/product",
      headers: bearer(admin.token),
      payload: {
        name: "Forgeline Pry Bar",
        price: 24.5,
        quantity: 500,
        description: "Steel.",
        image: "/images/x.webp",
        ...fields,
      },
    });

  it("makes a SKU from the name when none is given, keeps one given in any case upper-case, and refuses a taken one with 409", async () => {
    const made = await add({});
    const product = (
      await ctx.app.inject({ method: "GET", url: `/api/product/${made.json().insertedId}` })
    ).json<Product>();
    expect(product).toMatchObject({ sku: "FOR-PRY-BAR", quantityRule: { min: 100, max: 200, step: 1 }, tiers: [] });
    const second = await add({});
    const another = (
      await ctx.app.inject({ method: "GET", url: `/api/product/${second.json().insertedId}` })
    ).json<Product>();
    expect(another.sku).toBe("FOR-PRY-BAR-2");
    const given = await add({ sku: "fl-pry-18" });
    const stored = (
      await ctx.app.inject({ method: "GET", url: `/api/product/${given.json().insertedId}` })
    ).json<Product>();
    expect(stored.sku).toBe("FL-PRY-18");
    const taken = await add({ sku: "FL-PRY-18" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: "sku", message: "This SKU is already taken by another tool" }]);
  });

  it.each([
    ["a maximum below the minimum", { quantityRule: { min: 200, max: 100, step: 1 } }, "quantityRule.max"],
    ["steps that miss the maximum", { quantityRule: { min: 100, max: 210, step: 25 } }, "quantityRule.step"],
    ["a step of 0", { quantityRule: { min: 100, max: 200, step: 0 } }, "quantityRule.step"],
    ["a tier outside the rule", { tiers: [{ minQuantity: 300, unitPrice: 20 }] }, "tiers.0.minQuantity"],
    ["a tier above the price", { tiers: [{ minQuantity: 150, unitPrice: 30 }] }, "tiers.0.unitPrice"],
    [
      "tiers whose prices rise",
      {
        tiers: [
          { minQuantity: 150, unitPrice: 20 },
          { minQuantity: 180, unitPrice: 22 },
        ],
      },
      "tiers.1.unitPrice",
    ],
    ["six tiers", { tiers: [1, 2, 3, 4, 5, 6].map((n) => ({ minQuantity: 100 + n, unitPrice: 24 - n })) }, "tiers"],
    ["a SKU with spaces", { sku: "FL PRY" }, "sku"],
  ])("refuses %s with 400 naming the field, storing nothing", async (_, fields, field) => {
    const before = (await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>().length;
    const refused = await add(fields);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    expect((await ctx.app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>()).toHaveLength(
      before,
    );
  });

  it("checks an edit's terms together with what is stored: a new price must stay above the tiers", async () => {
    const added = await add({ sku: "FL-EDIT-1", tiers: [{ minQuantity: 150, unitPrice: 20 }] });
    const id = added.json().insertedId;
    const refused = await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${id}`,
      headers: bearer(admin.token),
      payload: { price: 19 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "tiers.0.unitPrice", message: "A tier price is below the product's price" },
    ]);
    const edited = await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${id}`,
      headers: bearer(admin.token),
      payload: { quantityRule: { min: 50, max: 500, step: 50 }, tiers: [{ minQuantity: 250, unitPrice: 21 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      quantityRule: { min: 50, max: 500, step: 50 },
      tiers: [{ minQuantity: 250, unitPrice: 21 }],
    });
  });
});
