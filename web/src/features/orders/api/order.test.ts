import type { Order as OrderOnTheWire } from "@forgeline/contract";
import { expect, it } from "vitest";
import { orderFromWire } from "./order";

it("reads the spec's wire names as what they are: orderId the product, order its name, price the total", () => {
  const onTheWire: OrderOnTheWire = {
    _id: "7b0f6d1e-0000-4000-8000-000000000001",
    orderId: "3c1d2e3f-0000-4000-8000-000000000002",
    order: "Forgeline 18V Cordless Drill",
    unitPrice: 24.5,
    quantity: 150,
    price: 3675,
    userEmail: "ana@example.com",
    userName: "Ana",
    phone: "+1 555 0100",
    address: "1 Yard Road",
    paid: false,
    transactionId: null,
    createdAt: "2030-01-01T12:00:00.000Z",
  };
  expect(orderFromWire(onTheWire)).toStrictEqual({
    _id: "7b0f6d1e-0000-4000-8000-000000000001",
    productId: "3c1d2e3f-0000-4000-8000-000000000002",
    productName: "Forgeline 18V Cordless Drill",
    unitPrice: 24.5,
    quantity: 150,
    total: 3675,
    userEmail: "ana@example.com",
    userName: "Ana",
    phone: "+1 555 0100",
    address: "1 Yard Road",
    paid: false,
    transactionId: null,
    createdAt: "2030-01-01T12:00:00.000Z",
  });
});
