import type { Order, Product, StockLevel, Warehouse } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { bearer, type TestAccount } from "./accounts.js";
import { CONTACT, orderSteps, VISA } from "./orders.js";

/** The steps of the stock tests through the API: warehouses, receipts, a tool's levels, orders of any size. */
export function stockSteps(app: FastifyInstance, admin: TestAccount) {
  const steps = orderSteps(app, admin);
  const { call } = steps;

  let tools = 0;
  /** A tool of the default rule (100 to 200 pieces a line), with `quantity` received into the first warehouse. */
  async function looseTool(quantity = 100): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Stock Tool ${tools} ${Date.now()}`,
      price: 10,
      quantity,
      description: "For the stock tests.",
      image: "/images/x.webp",
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  /** A tool with `quantity` in the first warehouse that takes backorders (by default expected in 14 days). */
  async function backorderedTool(quantity: number, backorders: object = { allowed: true, leadDays: 14 }) {
    // A tool is added with at least 100 pieces: Restock then counts the first warehouse down to `quantity`.
    const tool = await looseTool(100);
    const set = await call("PATCH", `/api/product/${tool._id}`, admin, { backorders, quantity });
    expect(set.statusCode, set.body).toBe(200);
    return set.json<Product>();
  }

  /** What each line of the order waits for (its backorder), as `account` reads the order. */
  const waitingOf = async (account: TestAccount, orderId: string) =>
    (await call("GET", `/api/ordering/${orderId}`, account)).json<Order>().lines.map((line) => line.waitingQuantity);

  const warehouses = async () => (await call("GET", "/api/admin/warehouses", admin)).json<Warehouse[]>();

  async function addWarehouse(code: string, name = `Depot ${code}`) {
    const added = await call("POST", "/api/admin/warehouses", admin, { code, name, address: "1 Depot Lane" });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<{ insertedId: string }>().insertedId;
  }

  const move = (body: object) => call("POST", "/api/admin/stock/movements", admin, body);

  async function receive(productId: string, warehouseId: string, quantity: number) {
    const received = await move({ productId, warehouseId, quantity, kind: "received" });
    expect(received.statusCode, received.body).toBe(201);
  }

  /** The tool's levels by warehouse code, and its quantity as every page shows it. */
  async function levels(productId: string) {
    const answer = (await call("GET", `/api/admin/stock/${productId}`, admin)).json<{
      levels: StockLevel[];
      quantity: number;
    }>();
    const byCode = Object.fromEntries(
      answer.levels.map((level) => [level.code, { onHand: level.onHand, allocated: level.allocated }]),
    );
    return { byCode, quantity: answer.quantity };
  }

  async function placeOrder(account: TestAccount, tool: Product, quantity: number): Promise<Order> {
    const placed = await call("POST", "/api/ordering", account, { orderId: tool._id, quantity, ...CONTACT });
    expect(placed.statusCode, placed.body).toBe(201);
    return (await call("GET", `/api/ordering/${placed.json().insertedId}`, account)).json<Order>();
  }

  /** Opens the card payment of an order, as the payment page does; answers its client secret. */
  async function openIntent(account: TestAccount, order: Order): Promise<string> {
    const intent = await call("POST", "/api/create-payment-intent", account, {
      orderId: order._id,
      price: order.price,
    });
    expect(intent.statusCode, intent.body).toBe(200);
    return intent.json<{ clientSecret: string }>().clientSecret;
  }

  /** Pays an opened payment with the test card, through `on` (another instance) when given. */
  function confirm(account: TestAccount, clientSecret: string, on: FastifyInstance = app) {
    return on.inject({
      method: "POST",
      url: "/api/payments/test/confirm",
      headers: bearer(account.token),
      payload: { clientSecret, ...VISA },
    });
  }

  return {
    ...steps,
    looseTool,
    backorderedTool,
    waitingOf,
    openIntent,
    confirm,
    warehouses,
    addWarehouse,
    move,
    receive,
    levels,
    placeOrder,
  };
}
