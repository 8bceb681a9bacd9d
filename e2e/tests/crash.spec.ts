import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Order, Product } from "@forgeline/contract";
import { expect, test } from "@playwright/test";
import { apiCustomer, startServer, stopServer } from "../../scripts/server-process.mjs";

/**
 * Reliability: the server is killed (SIGKILL, no chance to clean up) in the middle of a stream of orders
 * and payments. After a restart on the same DATA_DIR every acknowledged order and payment is there, and
 * nothing is half-written: each paid order took its stock, each unpaid one took none.
 */
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test asks for from this pattern.
test("a SIGKILL during orders and payments loses nothing acknowledged and leaves nothing half-written", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "server behaviour, checked once");
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "forgeline-crash-"));
  const port = 5110 + testInfo.workerIndex;
  const api = `http://127.0.0.1:${port}/api`;
  // Each customer places order after order: well past the allowances, which the API suite proves.
  const manyOrders = { ACCOUNT_ORDERS_PER_HOUR: "100000", UNCONFIRMED_ORDERS_PER_DAY: "100000" };
  let server = await startServer(dataDir, port, manyOrders);
  try {
    const before = (await (await fetch(`${api}/product?limit=100`)).json()) as Product[];
    const tools = before.filter((product) => /Claw Hammer|Tape Measure|Screwdriver Set/.test(product.name));
    expect(tools).toHaveLength(3);
    const customers = await Promise.all(tools.map((_, i) => apiCustomer(port, `crash.${i}.${Date.now()}@example.com`)));

    const acknowledgedOrders = new Set<string>();
    const acknowledgedPayments = new Map<string, string>();
    let running = true;
    const call = async (token: string, url: string, body: object) => {
      const response = await fetch(`${api}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    // One stream per customer and tool: order 100, pay it, again, until the server dies.
    const streams = tools.map(async (tool, i) => {
      const { token } = customers[i] ?? { token: "" };
      while (running) {
        try {
          const order = await call(token, "/ordering", {
            orderId: tool._id,
            quantity: 100,
            phone: "5550100000",
            address: "1 Road",
          });
          if (order.status !== 201) continue;
          const orderId = order.body.insertedId ?? "";
          acknowledgedOrders.add(orderId);
          // The order's total as the server priced it (a first order gets the first-order promotion).
          const placed = await fetch(`${api}/ordering/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
          const { price } = (await placed.json()) as Order;
          const intent = await call(token, "/create-payment-intent", { orderId, price });
          const paid = await call(token, "/payments/test/confirm", {
            clientSecret: intent.body.clientSecret,
            cardNumber: "4242424242424242",
            expiry: "12/34",
            cvc: "123",
          });
          if (paid.status === 200) acknowledgedPayments.set(orderId, paid.body.transactionId ?? "");
        } catch {
          return; // the server is gone
        }
      }
    });

    await expect.poll(() => acknowledgedPayments.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    await stopServer(server, "SIGKILL");
    running = false;
    await Promise.all(streams);

    server = await startServer(dataDir, port, manyOrders);
    const after = (await (await fetch(`${api}/product?limit=100`)).json()) as Product[];
    for (const [i, customer] of customers.entries()) {
      const tool = tools[i] as Product;
      const response = await fetch(`${api}/ordering?userEmail=${customer.email}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      const orders = (await response.json()) as Order[];
      for (const order of orders) {
        if (order.paid) expect(order.transactionId).toMatch(/^pi_test_/);
        else expect(order.transactionId).toBeNull();
      }
      const paidPieces = orders.filter((order) => order.paid).reduce((sum, order) => sum + order.quantity, 0);
      expect(after.find((product) => product._id === tool._id)?.quantity).toBe(tool.quantity - paidPieces);
      for (const order of orders) acknowledgedOrders.delete(order._id);
      for (const order of orders.filter((o) => o.paid)) {
        if (acknowledgedPayments.has(order._id)) {
          expect(order.transactionId).toBe(acknowledgedPayments.get(order._id));
          acknowledgedPayments.delete(order._id);
        }
      }
    }
    expect([...acknowledgedOrders], "acknowledged orders missing after the crash").toEqual([]);
    expect([...acknowledgedPayments.keys()], "acknowledged payments missing after the crash").toEqual([]);
  } finally {
    await stopServer(server).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
