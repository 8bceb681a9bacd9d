import { type OrderRecord, type OrderWithCredit, withOrderActions } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { accountOrder, actor, cardOrder, listLine, pricedOrder } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import MyOrdersPage from "./my-orders-page";

const EMAIL = "ana@example.com";
const ORDERS = `GET /api/ordering?userEmail=${encodeURIComponent(EMAIL)}`;

/** Ana's order as the server answers her: with what she may do to it. */
const order = (overrides: Partial<OrderRecord>): OrderWithCredit =>
  withOrderActions(actor(EMAIL), {
    _id: "o1",
    number: `FL-10000${(overrides._id ?? "o1").slice(1)}`,
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
    statusHistory: [{ kind: "placed", status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: EMAIL, note: "Placed" }],
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    invoiceNumber: null,
    createdAt: "2030-01-01T12:00:00.000Z",
    ...pricedOrder(
      [listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 24.5, total: 3675 })],
      3675,
    ),
    ...cardOrder(overrides.status ?? "unpaid", overrides.price ?? 3675),
    ...overrides,
  });

const paid = (transactionId: string): Partial<OrderRecord> => ({ status: "paid", paid: true, transactionId });

function renderSignedIn() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<MyOrdersPage />, {
    at: "/dashboard",
    path: "/dashboard",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

describe("My Orders", () => {
  it("lists each order's product, quantity, total and status, with Pay and Cancel only while it is unpaid", async () => {
    serveApi({
      [ORDERS]: {
        body: [
          order({}),
          order({ _id: "o2", order: "Box beam level", quantity: 200, price: 5000, ...paid("pi_7") }),
          order({
            _id: "o3",
            orderId: "p3",
            order: "Tape measure",
            status: "shipped",
            paid: true,
            transactionId: "pi_8",
          }),
          order({ _id: "o4", order: "Pipe vise", status: "delivered", paid: true, transactionId: "pi_9" }),
          order({ _id: "o5", order: "Hacksaw", status: "cancelled" }),
          order({ _id: "o6", order: "Chisel set", status: "refunded", transactionId: "pi_10" }),
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
      [
        "150",
        "$3,675.00",
        "Ships once paidAwaiting payment",
        "Pay for Torque wrenchCancel the order for Torque wrench",
      ],
      ["200", "$5,000.00", "To shipPaidpi_7", "Order again Box beam level"],
      ["150", "$3,675.00", "ShippedPaidpi_8", "Order again Tape measure"],
      ["150", "$3,675.00", "DeliveredPaidpi_9", "Order again Pipe vise"],
      ["150", "$3,675.00", "CancelledNothing to pay", "Order again Hacksaw"],
      ["150", "$3,675.00", "CancelledRefundedpi_10", "Order again Chisel set"],
    ]);
    const [unpaid, paidRow, shipped] = rows as HTMLElement[];
    // Each order's number is a link to its page, over its lines.
    expect(within(unpaid as HTMLElement).getByRole("rowheader").textContent).toBe(
      "FL-100001Torque wrench FL-TW-150: 150 pieces at $24.50, $3,675.00",
    );
    expect(
      within(unpaid as HTMLElement)
        .getByRole("link", { name: "FL-100001" })
        .getAttribute("href"),
    ).toBe("/dashboard/myorders/o1");
    // jsdom's name computation drops the space before the screen-reader text, so links are found by text.
    const linkText = (row: HTMLElement) =>
      within(row)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(linkText(unpaid as HTMLElement)).toEqual([
      ["FL-100001", "/dashboard/myorders/o1"],
      ["Pay for Torque wrench", "/dashboard/payment/o1"],
    ]);
    expect(linkText(paidRow as HTMLElement)).toEqual([["FL-100002", "/dashboard/myorders/o2"]]);
    expect(within(shipped as HTMLElement).getByRole("button").textContent).toBe("Order again Tape measure");
    expect(within(paidRow as HTMLElement).getByRole("button").textContent).toBe("Order again Box beam level");
  });

  it("says by each order on account where its goods and money are: its terms, then the due day, overdue in days", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
    };
    // Due 13 days and a few hours before the page reads it.
    const late = { ...invoice, dueAt: new Date(Date.now() - 13.2 * 86_400_000).toISOString() };
    serveApi({
      [ORDERS]: {
        body: [
          order({ ...accountOrder(3675), companyId: "c1" }),
          order({ _id: "o2", ...accountOrder(3675, invoice), companyId: "c1" }),
          order({ _id: "o3", ...accountOrder(3675, late, true), companyId: "c1" }),
        ],
      },
    });
    renderSignedIn();
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[2]?.textContent)).toEqual([
      "To shipInvoice when shipped, net 30",
      "ShippedDue 26 Dec",
      "ShippedOverdue 13 days",
    ]);
    // Nothing to pay by card: an order on account is paid by invoice.
    expect(within(rows[0] as HTMLElement).queryByText(/^Pay/)).toBeNull();
  });

  it("shows every line of an order with its price and source, and the promotion, tax and PO number by the total", async () => {
    serveApi({
      [ORDERS]: {
        body: [
          order({
            order: "Torque wrench + 1 more",
            quantity: 350,
            price: 5232.6,
            lines: [
              listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 24.5, total: 3675 }),
              {
                ...listLine({
                  productId: "p2",
                  name: "Box beam level",
                  sku: "FL-BBL-48",
                  quantity: 200,
                  unitPrice: 22,
                  total: 4400,
                }),
                listUnitPrice: 25,
                priceSource: "tier",
              },
            ],
            subtotal: 8075,
            promotion: { _id: "promo-2", name: "40% off orders of 200 pieces or more", percent: 40 },
            discount: 3230,
            taxRate: 8,
            tax: 387.6,
            poNumber: "PO-7781",
          }),
        ],
      },
    });
    renderSignedIn();
    const row = (await screen.findAllByRole("row"))[1] as HTMLElement;
    expect(within(row).getByRole("link", { name: "FL-100001" }).getAttribute("href")).toBe("/dashboard/myorders/o1");
    expect(
      within(row)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual([
      "Torque wrench FL-TW-150: 150 pieces at $24.50, $3,675.00",
      "Box beam level FL-BBL-48: 200 pieces at $22.00 (volume price), $4,400.00",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(["350", "$5,232.6040% off orders of 200 pieces or more: −$3,230.00Tax (8%): $387.60PO PO-7781"]);
  });

  it("cancels an unpaid order only after the customer confirms, then shows it cancelled", async () => {
    let current = order({});
    const sent = serveApi({
      [ORDERS]: () => ({ body: [current] }),
      "POST /api/ordering/o1/cancel": () => {
        current = order({
          status: "cancelled",
          statusHistory: [
            ...current.statusHistory,
            {
              kind: "cancelled",
              status: "cancelled",
              at: "2030-01-01T12:30:00.000Z",
              by: EMAIL,
              note: "Cancelled by the customer",
            },
          ],
        });
        return { body: current };
      },
    });
    renderSignedIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Cancel ?the order for Torque wrench$/ }));
    const dialog = screen.getByRole("dialog", { name: "Cancel your order for Torque wrench?" });
    expect(dialog.textContent).toContain("Nothing has been paid, so nothing is charged.");

    // "Keep order" closes the question and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);

    await user.click(screen.getByRole("button", { name: /^Cancel ?the order for Torque wrench$/ }));
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Your order for Torque wrench is cancelled")).toBeTruthy();
    const row = (await screen.findAllByRole("row"))[1] as HTMLElement;
    await within(row).findByText("Cancelled");
    expect(within(row).queryByRole("button", { name: /^Cancel/ })).toBeNull();
    expect(within(row).getByRole("button").textContent).toBe("Order again Torque wrench");
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      ORDERS,
      "POST /api/ordering/o1/cancel",
      ORDERS,
    ]);
  });

  it("tells the customer why the server refused to cancel (409) and shows the order as it now stands", async () => {
    let current = order({});
    serveApi({
      [ORDERS]: () => ({ body: [current] }),
      "POST /api/ordering/o1/cancel": () => {
        current = order(paid("pi_7"));
        return {
          status: 409,
          body: { message: "This order is paid; only an unpaid order or one awaiting approval can be cancelled." },
        };
      },
    });
    renderSignedIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Cancel ?the order for Torque wrench$/ }));
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(
      await screen.findByText("This order is paid; only an unpaid order or one awaiting approval can be cancelled."),
    ).toBeTruthy();
    const row = (await screen.findAllByRole("row"))[1] as HTMLElement;
    await within(row).findByText("Paid");
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
