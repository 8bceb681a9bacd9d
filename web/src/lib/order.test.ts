import type { Order } from "@forgeline/contract";
import { expect, it } from "vitest";
import { cardOrder } from "../test-orders";
import { orderFromWire } from "./order";

type Lifecycle = Pick<
  Order,
  "status" | "statusHistory" | "carrier" | "trackingNumber" | "trackingUrl" | "invoiceNumber"
>;

it("reads the spec's wire names as what they are: orderId the first line's product, order its name, price the total", () => {
  // The lifecycle's fields have no spec names to map: they come through as they are.
  const lifecycle: Lifecycle = {
    status: "shipped",
    statusHistory: [
      { kind: "placed", status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: "ana@example.com", note: "Placed" },
      { kind: "paid", status: "paid", at: "2030-01-01T12:05:00.000Z", by: "ana@example.com", note: "Payment pi_7" },
      {
        kind: "shipped",
        status: "shipped",
        at: "2030-01-02T09:00:00.000Z",
        by: "admin@example.com",
        note: "DHL 00340434",
      },
    ],
    carrier: "DHL",
    trackingNumber: "00340434",
    trackingUrl: "https://www.dhl.com/track?id=00340434",
    invoiceNumber: "INV-2030-000007",
  };
  // Nor have the priced order's fields: the lines and the figures under them.
  const priced: Pick<
    Order,
    "lines" | "subtotal" | "promotion" | "discount" | "taxRate" | "tax" | "poNumber" | "companyId"
  > = {
    lines: [
      {
        productId: "3c1d2e3f-0000-4000-8000-000000000002",
        sku: "FL-DRL-18V",
        name: "Forgeline 18V Cordless Drill",
        quantity: 150,
        listUnitPrice: 24.5,
        unitPrice: 24.5,
        priceSource: "list",
        discount: 1102.5,
        total: 3675,
      },
    ],
    subtotal: 3675,
    promotion: { _id: "promo-1", name: "30% off your first order", percent: 30 },
    discount: 1102.5,
    taxRate: 0,
    tax: 0,
    poNumber: "PO-1",
    companyId: null,
  };
  // Nor have the two facts and the money: paid by card, shipped.
  const money = cardOrder("shipped", 2572.5);
  const onTheWire: Order = {
    _id: "7b0f6d1e-0000-4000-8000-000000000001",
    number: "FL-100001",
    orderId: "3c1d2e3f-0000-4000-8000-000000000002",
    order: "Forgeline 18V Cordless Drill",
    unitPrice: 24.5,
    quantity: 150,
    price: 2572.5,
    userEmail: "ana@example.com",
    userName: "Ana",
    phone: "+1 555 0100",
    address: "1 Yard Road",
    paid: true,
    transactionId: "pi_7",
    createdAt: "2030-01-01T12:00:00.000Z",
    actions: ["invoice:order", "reorder:order"],
    ...lifecycle,
    ...priced,
    ...money,
  };
  expect(orderFromWire(onTheWire)).toStrictEqual({
    _id: "7b0f6d1e-0000-4000-8000-000000000001",
    number: "FL-100001",
    productId: "3c1d2e3f-0000-4000-8000-000000000002",
    productName: "Forgeline 18V Cordless Drill",
    unitPrice: 24.5,
    quantity: 150,
    total: 2572.5,
    userEmail: "ana@example.com",
    userName: "Ana",
    phone: "+1 555 0100",
    address: "1 Yard Road",
    paid: true,
    transactionId: "pi_7",
    createdAt: "2030-01-01T12:00:00.000Z",
    actions: ["invoice:order", "reorder:order"],
    ...lifecycle,
    ...priced,
    ...money,
  });
});
