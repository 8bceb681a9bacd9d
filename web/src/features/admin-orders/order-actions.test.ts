import { expect, it } from "vitest";
import { actionsFor, refundAsksAboutStock } from "./order-actions";

it("offers exactly the steps of the lifecycle's table from each status", () => {
  expect({
    unpaid: actionsFor("unpaid"),
    paid: actionsFor("paid"),
    shipped: actionsFor("shipped"),
    delivered: actionsFor("delivered"),
    cancelled: actionsFor("cancelled"),
    refunded: actionsFor("refunded"),
  }).toEqual({
    unpaid: ["cancel"],
    paid: ["ship", "refund"],
    shipped: ["deliver", "refund"],
    delivered: ["refund"],
    cancelled: [],
    refunded: [],
  });
});

it("asks about the stock only when the pieces had left: shipped or delivered", () => {
  expect(["paid", "shipped", "delivered"].filter((status) => refundAsksAboutStock(status as "paid"))).toEqual([
    "shipped",
    "delivered",
  ]);
});
