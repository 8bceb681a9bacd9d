import type { Order } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { orderFromWire } from "../../lib/order";
import { listLine, pricedOrder } from "../../test-orders";
import { renderPage } from "../../test-utils";
import { OrderSummary } from "./order-summary";

const order: Order = {
  _id: "7b0f6d1e-0000-4000-8000-000000000001",
  number: "FL-100001",
  orderId: "p1",
  order: "Torque wrench + 1 more",
  unitPrice: 24.5,
  quantity: 250,
  price: 4325.4,
  userEmail: "ana@example.com",
  userName: "Ana",
  phone: "5550100",
  address: "1 Yard Road",
  paid: false,
  transactionId: null,
  status: "unpaid",
  statusHistory: [],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  invoiceNumber: null,
  createdAt: "2030-01-01T12:00:00.000Z",
  actions: [],
  ...pricedOrder(
    [
      listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 24.5, total: 3675 }),
      listLine({
        productId: "p2",
        name: "Box beam level",
        sku: "FL-BBL-48",
        quantity: 100,
        unitPrice: 30,
        total: 3000,
      }),
    ],
    6675,
    {
      promotion: { _id: "promo-2", name: "40% off orders of 200 pieces or more", percent: 40 },
      discount: 2670,
      taxRate: 8,
      tax: 320.4,
      poNumber: "PO-7781",
    },
  ),
};

it("shows what the payment is for: every line, the promotion, tax, total and PO number", () => {
  renderPage(<OrderSummary order={orderFromWire(order)} />);
  expect(screen.getByText("2 lines, 250 pieces")).toBeTruthy();
  expect(
    within(screen.getByRole("region", { name: "Order lines" }))
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent)),
  ).toEqual([
    ["Torque wrench", "FL-TW-150", "150", "$24.50", "$3,675.00"],
    ["Box beam level", "FL-BBL-48", "100", "$30.00", "$3,000.00"],
  ]);
  expect(screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
    ["Subtotal", "$6,675.00"],
    ["40% off orders of 200 pieces or more", "−$2,670.00"],
    ["Tax (8%)", "$320.40"],
    ["Total", "$4,325.40"],
    ["PO number", "PO-7781"],
  ]);
});
