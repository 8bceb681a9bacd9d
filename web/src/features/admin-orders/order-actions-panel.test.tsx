import { ORDER_STATUSES, type Order, type OrderStatus } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { type AdminPageOrder, orderFromWire } from "../../lib/order";
import { cardOrder, inTheBackOffice, listLine, pricedOrder } from "../../test-orders";
import { renderPage } from "../../test-utils";
import { AdminOrderActions } from "./order-actions-panel";

const order = (status: OrderStatus): AdminPageOrder =>
  orderFromWire(
    inTheBackOffice({
      _id: "6f1a2b3c-0000-4000-8000-000000000001",
      number: "FL-100042",
      orderId: "p1",
      order: "Torque wrench",
      unitPrice: 24.5,
      quantity: 150,
      price: 3675,
      userEmail: "ana@example.com",
      userName: "Ana",
      phone: "5550100",
      address: "1 Yard Road",
      paid: ["paid", "shipped", "delivered"].includes(status),
      transactionId: null,
      status,
      statusHistory: [],
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
      invoiceNumber: null,
      createdAt: "2030-01-01T12:00:00.000Z",
      actions: [],
      ...pricedOrder(
        [listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 24.5, total: 3675 })],
        3675,
      ),
      ...cardOrder(status, 3675),
    } satisfies Order),
  );

/** The button each of an admin's steps shows as. */
const BUTTON_OF: Record<string, string> = {
  "cancel:order": "Cancel order",
  "ship:order": "Ship order",
  "deliver:order": "Mark delivered",
  "refund:order": "Refund",
};

it.each(ORDER_STATUSES)(
  "a %s order offers a button for each step the answer's actions give an admin, and no other",
  (status) => {
    const shown = order(status);
    renderPage(<AdminOrderActions order={shown} />);
    // "Change order" is a link beside the panel, to the change page (decision 078), not one of its steps.
    const steps = shown.actions.filter((action) => action !== "change:order");
    const buttons = screen.queryAllByRole("button").map((button) => button.textContent);
    // Shipping offers the whole order and a part of it, on account too (decision 077).
    const shipPart = steps.includes("ship:order") ? ["Ship part"] : [];
    expect(buttons.sort()).toEqual([...steps.map((step) => BUTTON_OF[step]), ...shipPart].sort());
    if (steps.length === 0)
      expect(screen.getByText(`This order is ${status}: there is nothing more to do.`)).toBeTruthy();
  },
);
