import type { Order as OrderOnTheWire } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import MyOrdersPage from "./my-orders-page";

const EMAIL = "ana@example.com";
const ORDERS = `GET /api/ordering?userEmail=${encodeURIComponent(EMAIL)}`;

const order = (overrides: Partial<OrderOnTheWire>): OrderOnTheWire => ({
  _id: "o1",
  orderId: "p1",
  order: "Torque wrench",
  unitPrice: 24.5,
  quantity: 150,
  price: 3675,
  userEmail: EMAIL,
  userName: "Ana",
  phone: "5550100",
  address: "1 Yard Road",
  paid: false,
  transactionId: null,
  status: "unpaid",
  statusHistory: [{ status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: EMAIL, note: "Placed" }],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  createdAt: "2030-01-01T12:00:00.000Z",
  ...overrides,
});

function renderSignedIn() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<MyOrdersPage />, {
    at: "/dashboard",
    path: "/dashboard",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

describe("My Orders", () => {
  it("lists each order's product, quantity and total, with Pay for the unpaid and the transaction for the paid", async () => {
    serveApi({
      [ORDERS]: {
        body: [
          order({}),
          order({ _id: "o2", order: "Box beam level", quantity: 200, price: 5000, paid: true, transactionId: "pi_7" }),
        ],
      },
    });
    renderSignedIn();
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["150", "$3,675.00", "Pay for Torque wrench"],
      ["200", "$5,000.00", "Paid pi_7"],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("rowheader").textContent).toBe("Torque wrench");
    // The row's only link (jsdom's name computation drops the space before the screen-reader text).
    const pay = within(rows[0] as HTMLElement).getByRole("link");
    expect(pay.textContent).toBe("Pay for Torque wrench");
    expect(pay.getAttribute("href")).toBe("/dashboard/payment/o1");
    expect(within(rows[1] as HTMLElement).queryByRole("link")).toBeNull();
  });

  it("points a customer without orders to the tools", async () => {
    serveApi({ [ORDERS]: { body: [] } });
    renderSignedIn();
    expect((await screen.findByRole("link", { name: "Browse the tools" })).getAttribute("href")).toBe(
      "/availableProducts",
    );
  });

  it.each([
    [401, [ORDERS, `PUT /api/user/${encodeURIComponent(EMAIL)}`, "POST /api/auth/sign-out"]],
    [403, [ORDERS, "POST /api/auth/sign-out"]],
  ])(
    "a %i that stands signs the customer out and goes to /login (docs/SPEC-CONFORMANCE.md §4)",
    async (status, calls) => {
      const sent = serveApi({
        [ORDERS]: { status, body: { message: "Refused" } },
        [`PUT /api/user/${encodeURIComponent(EMAIL)}`]: { status: 401, body: { message: "No session" } },
      });
      renderSignedIn();
      await screen.findByText("Signing out");
      await expect.poll(currentAddress).toBe("/login");
      expect(localStorage.getItem("accessToken")).toBeNull();
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(calls);
    },
  );
});
