import type { Order } from "@forgeline/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { accountOrder, cardOrder, listLine, pricedOrder } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import AdminOrdersPage from "./admin-orders-page";

const ADMIN = "owner@example.com";
const COUNTS = {
  all: 45,
  "to-ship": 43,
  "awaiting-approval": 0,
  unpaid: 5,
  paid: 41,
  shipped: 0,
  delivered: 0,
  cancelled: 0,
  refunded: 0,
};

const order = (overrides: Partial<Order>): Order => ({
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
  paid: true,
  transactionId: "pi_7",
  status: "paid",
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
  ...cardOrder("paid", 3675),
  ...overrides,
});

function renderAt(address: string) {
  localStorage.setItem("accessToken", tokenWith({ sub: ADMIN, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<AdminOrdersPage />, { at: address, path: "/dashboard/orders" });
}

describe("Admin Orders", () => {
  it("shows the status, search and page of the address, asking the server for exactly that", async () => {
    const sent = serveApi({
      "GET /api/admin/orders?status=paid&q=ana&limit=20&offset=20": {
        body: [order({})],
        headers: { "X-Total-Count": "41" },
      },
      "GET /api/admin/orders/counts?q=ana": { body: COUNTS },
    });
    renderAt("/dashboard/orders?status=paid&q=ana&page=2");

    const row = (await screen.findAllByRole("row"))[1] as HTMLElement;
    expect(within(row).getByRole("link", { name: "FL-100042" }).getAttribute("href")).toBe(
      "/dashboard/orders/6f1a2b3c-0000-4000-8000-000000000001",
    );
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "ana@example.com",
      "Torque wrenchTorque wrench FL-TW-150: 150 pieces at $24.50, $3,675.00",
      "150",
      "$3,675.00",
      "To shipPaid",
      "Jan 1, 2030, 12:00 PM",
    ]);
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Search by customer email, product or order number" })).toHaveProperty(
      "value",
      "ana",
    );
    const tabs = within(screen.getByRole("navigation", { name: "Order status" })).getAllByRole("link");
    await expect
      .poll(() => tabs.map((tab) => tab.textContent))
      .toEqual([
        "All (45)",
        "To ship (43)",
        "Awaiting approval (0)",
        "Unpaid (5)",
        "Paid (41)",
        "Shipped (0)",
        "Delivered (0)",
        "Cancelled (0)",
        "Refunded (0)",
      ]);
    expect(tabs.filter((tab) => tab.getAttribute("aria-current") === "page").map((tab) => tab.textContent)).toEqual([
      "Paid (41)",
    ]);
    expect(sent.every((request) => request.authorization === `Bearer ${localStorage.getItem("accessToken")}`)).toBe(
      true,
    );
  });

  it("says by an order on account where its goods and money are: its terms until it ships, then its due day", async () => {
    serveApi({
      "GET /api/admin/orders?limit=20&offset=0": {
        body: [
          order({ paid: false, transactionId: null, ...accountOrder(3675) }),
          order({
            _id: "o2",
            number: "FL-100043",
            paid: false,
            ...accountOrder(3675, {
              number: "INV-2030-000009",
              issuedAt: "2030-11-26T09:00:00.000Z",
              dueAt: "2030-12-26T09:00:00.000Z",
            }),
          }),
        ],
        headers: { "X-Total-Count": "2" },
      },
      "GET /api/admin/orders/counts": { body: COUNTS },
    });
    renderAt("/dashboard/orders");
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[4]?.textContent)).toEqual([
      "To shipInvoice when shipped, net 30",
      "ShippedDue 26 Dec",
    ]);
  });

  it("a tab keeps the search and starts at page 1; paging keeps both", async () => {
    serveApi({
      "GET /api/admin/orders?q=ana&limit=20&offset=0": { body: [order({})], headers: { "X-Total-Count": "45" } },
      "GET /api/admin/orders/counts?q=ana": { body: COUNTS },
    });
    renderAt("/dashboard/orders?q=ana");
    fireEvent.click(await screen.findByRole("link", { name: "Next page" }));
    expect(currentAddress()).toBe("/dashboard/orders?q=ana&page=2");
    fireEvent.click(screen.getByRole("link", { name: /^Shipped/ }));
    expect(currentAddress()).toBe("/dashboard/orders?status=shipped&q=ana");
  });

  it("a search keeps the status tab and starts at page 1", async () => {
    serveApi({
      "GET /api/admin/orders?status=unpaid&limit=20&offset=20": {
        body: [order({})],
        headers: { "X-Total-Count": "25" },
      },
      "GET /api/admin/orders/counts": { body: COUNTS },
    });
    renderAt("/dashboard/orders?status=unpaid&page=2");
    const search = await screen.findByRole("searchbox", { name: "Search by customer email, product or order number" });
    fireEvent.change(search, { target: { value: "  hammer " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(currentAddress()).toBe("/dashboard/orders?status=unpaid&q=hammer");
  });

  it("says so when the search finds nothing", async () => {
    serveApi({
      "GET /api/admin/orders?q=nobody&limit=20&offset=0": { body: [], headers: { "X-Total-Count": "0" } },
      "GET /api/admin/orders/counts?q=nobody": { body: { ...COUNTS, all: 0, unpaid: 0, paid: 0 } },
    });
    renderAt("/dashboard/orders?q=nobody");
    expect(await screen.findByText('No orders match "nobody".')).toBeTruthy();
  });
});
