import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { EventBus } from "./bus.js";

const tx = {} as Database;
const log = {} as FastifyBaseLogger;

describe("the event bus", () => {
  it("hands an event to every listener in the order they were subscribed, each awaited before the next", async () => {
    const bus = new EventBus();
    const heard: string[] = [];
    bus.on("productWithdrawn", async ({ productId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`cart ${productId}`);
    });
    bus.on("productWithdrawn", ({ productId, by, tx: handed }) => {
      expect(handed).toBe(tx);
      heard.push(`ordering ${productId} ${by}`);
    });
    await bus.publish("productWithdrawn", { tx, productId: "p1", by: "admin@example.com" });
    expect(heard).toEqual(["cart p1", "ordering p1 admin@example.com"]);
  });

  it("fails the publisher when a listener throws, and calls no listener after it", async () => {
    const bus = new EventBus();
    const heard: string[] = [];
    bus.on("orderCancelled", () => {
      throw new Error("the provider is away");
    });
    bus.on("orderCancelled", ({ orderId }) => heard.push(orderId));
    await expect(bus.publish("orderCancelled", { orderId: "o1", log })).rejects.toThrow("the provider is away");
    expect(heard).toEqual([]);
  });

  it("publishes to nobody without a listener", async () => {
    await expect(new EventBus().publish("orderCancelled", { orderId: "o1", log })).resolves.toBeUndefined();
  });
});
