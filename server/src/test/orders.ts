import type { Order, Product } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { bearer, type TestAccount } from "./accounts.js";

export const VISA = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
export const CONTACT = { phone: "5550100000", address: "1 Yard Road" };

/** The steps of an order's life as a caller takes them through the API, for tests that need orders. */
export function orderSteps(app: FastifyInstance, admin: TestAccount) {
  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    account: TestAccount | null,
    payload?: object,
  ) => app.inject({ method, url, headers: account ? bearer(account.token) : {}, ...(payload ? { payload } : {}) });

  let tools = 0;
  /** A tool of its own at $10 with `quantity` in stock, so each test can count its stock; `terms` adds rule, tiers. */
  async function newTool(quantity = 1000, terms: object = {}): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin, {
      name: `Test Tool ${tools} ${Date.now()}`,
      price: 10,
      quantity,
      description: "For the tests.",
      image: "/images/x.webp",
      ...terms,
    });
    return (await call("GET", `/api/product/${added.json().insertedId}`, null)).json<Product>();
  }

  async function placeOrder(account: TestAccount, tool?: Product, quantity = 150): Promise<Order> {
    const product = tool ?? (await newTool());
    const placed = await call("POST", "/api/ordering", account, { orderId: product._id, quantity, ...CONTACT });
    expect(placed.statusCode).toBe(201);
    return (await call("GET", `/api/ordering/${placed.json().insertedId}`, account)).json<Order>();
  }

  /** Pays an order with the test provider's card, as the payment page does; answers the confirmation. */
  async function pay(account: TestAccount, order: Order) {
    const intent = await call("POST", "/api/create-payment-intent", account, {
      orderId: order._id,
      price: order.price,
    });
    return call("POST", "/api/payments/test/confirm", account, { clientSecret: intent.json().clientSecret, ...VISA });
  }

  async function paidOrder(account: TestAccount, tool?: Product): Promise<Order> {
    const order = await placeOrder(account, tool);
    expect((await pay(account, order)).statusCode).toBe(200);
    return (await call("GET", `/api/ordering/${order._id}`, account)).json<Order>();
  }

  return { call, newTool, placeOrder, pay, paidOrder };
}
