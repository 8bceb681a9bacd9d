import type { Order, OrderStatus } from "@forgeline/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { accountOrder, cardOrder, inTheBackOffice, listLine, pricedOrder } from "../../test-orders";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import AdminOrderPage from "./admin-order-page";

const ID = "6f1a2b3c-0000-4000-8000-000000000001";
const ORDER = `GET /api/admin/orders/${ID}`;

const order = (status: OrderStatus, overrides: Partial<Order> = {}): Order =>
  inTheBackOffice({
    _id: ID,
    number: "FL-100042",
    orderId: "p1",
    order: "Torque wrench",
    unitPrice: 24.5,
    quantity: 150,
    price: 3675,
    userEmail: "ana@example.com",
    userName: "Ana Lopez",
    phone: "5550100",
    address: "1 Yard Road",
    paid: ["paid", "shipped", "delivered"].includes(status),
    transactionId: "pi_7",
    status,
    statusHistory: [
      { kind: "placed", status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: "ana@example.com", note: "Placed" },
    ],
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
    ...overrides,
  });

function renderOrder() {
  localStorage.setItem(
    "accessToken",
    tokenWith({ sub: "owner@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  return renderPage(<AdminOrderPage />, { at: `/dashboard/orders/${ID}`, path: "/dashboard/orders/:id" });
}

const actionButtons = () =>
  within(screen.getByRole("region", { name: "Actions" }))
    .queryAllByRole("button")
    .map((button) => button.textContent);

beforeAll(() => {
  // jsdom has no modal dialogs: opening one only shows it.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

describe("an admin's order page", () => {
  it.each([
    ["unpaid", ["Cancel order"]],
    ["paid", ["Ship order", "Ship part", "Refund"]],
    ["shipped", ["Mark delivered", "Refund"]],
    ["delivered", ["Refund"]],
    ["cancelled", []],
    ["refunded", []],
  ] as const)("a %s order offers %j", async (status, buttons) => {
    serveApi({ [ORDER]: { body: order(status) } });
    renderOrder();
    await screen.findByRole("region", { name: "Actions" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Order FL-100042");
    expect(actionButtons()).toEqual(buttons);
  });

  it("an order on account to ship says so, owing nothing yet, and ships unpaid (issuing its invoice)", async () => {
    serveApi({ [ORDER]: { body: order("unpaid", { transactionId: null, ...accountOrder(3675) }) } });
    renderOrder();
    const details = await screen.findByRole("region", { name: "Details" });
    const terms = within(details)
      .getAllByRole("term")
      .map((term) => term.textContent);
    const values = within(details)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    const rows = Object.fromEntries(terms.map((term, index) => [term, values[index]]));
    expect(rows).toMatchObject({
      Delivery: "To ship",
      Payment: "Invoice when shipped, net 30",
      "Paid with": "By invoice, on account",
      Invoice: "None",
    });
    // Its invoice comes when it ships: until then nothing is owed, so no balance stands beside it.
    expect(screen.queryByRole("region", { name: "Payments" })).toBeNull();
    // Part of it may ship too, with its own invoice (decision 077).
    expect(actionButtons()).toEqual(["Ship order", "Ship part", "Cancel order"]);
    expect(
      screen.getByText("On account: shipping issues its invoice, due in 30 days. Nothing is paid yet."),
    ).toBeTruthy();
    expect(
      screen.getByText("On account: this part issues its own invoice for what it carries, due in 30 days."),
    ).toBeTruthy();
  });

  it("shows the customer, the lines, the tracking link and the history", async () => {
    serveApi({
      [ORDER]: {
        body: order("shipped", {
          carrier: "DHL",
          trackingNumber: "00340434",
          trackingUrl: "https://www.dhl.com/track?id=00340434",
          order: "Torque wrench + 1 more",
          quantity: 350,
          price: 4845,
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
          taxRate: 0,
          tax: 0,
          poNumber: "PO-7781",
          statusHistory: [
            { kind: "placed", status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: "ana@example.com", note: "Placed" },
            {
              kind: "shipped",
              status: "shipped",
              at: "2030-01-02T12:00:00.000Z",
              by: "owner@example.com",
              note: "DHL 00340434",
            },
          ],
        }),
      },
    });
    renderOrder();
    const details = await screen.findByRole("region", { name: "Details" });
    const terms = within(details)
      .getAllByRole("term")
      .map((term) => term.textContent);
    const values = within(details)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toMatchObject({
      Delivery: "Shipped",
      Payment: "Paid",
      Customer: "Ana Lopez",
      Email: "ana@example.com",
      Phone: "5550100",
      Address: "1 Yard Road",
      "PO number": "PO-7781",
      Pieces: "350",
      Carrier: "DHL",
      "Tracking number": "00340434",
    });
    expect(within(details).getByRole("link", { name: "00340434" }).getAttribute("href")).toBe(
      "https://www.dhl.com/track?id=00340434",
    );
    const lines = screen.getByRole("region", { name: "Lines" });
    expect(
      within(lines)
        .getAllByRole("row")
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ["Torque wrench", "FL-TW-150", "150", "$24.50", "$3,675.00"],
      ["Box beam level", "FL-BBL-48", "200", "$22.00volume pricelist price $25.00", "$4,400.00"],
    ]);
    // No tax is charged, so no tax line.
    expect(
      within(lines)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ["Subtotal", "$8,075.00"],
      ["40% off orders of 200 pieces or more", "−$3,230.00"],
      ["Total", "$4,845.00"],
      ["PO number", "PO-7781"],
    ]);
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((step) => step.querySelector("p")?.textContent)).toEqual(["Placed", "Shipped"]);
    expect(history[1]?.textContent).toContain("by owner@example.com");
    expect(history[1]?.textContent).toContain("DHL 00340434");
  });

  it("puts the server's field errors beside the ship form's fields", async () => {
    const sent = serveApi({
      [ORDER]: { body: order("paid") },
      [`POST /api/admin/orders/${ID}/ship`]: {
        status: 400,
        body: {
          message: "Carrier is Required",
          errors: [
            { field: "carrier", message: "Carrier is Required" },
            { field: "trackingUrl", message: "Provide a tracking link starting with https://" },
          ],
        },
      },
    });
    renderOrder();
    fireEvent.change(await screen.findByLabelText("Tracking number"), { target: { value: " 00340434 " } });
    fireEvent.change(screen.getByLabelText("Tracking URL (optional)"), { target: { value: "http://dhl.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Ship order" }));

    await screen.findByText("Carrier is Required");
    expect(screen.getByLabelText("Carrier").getAttribute("aria-describedby")).toBe(
      screen.getByText("Carrier is Required").id,
    );
    expect(screen.getByLabelText("Tracking URL (optional)").getAttribute("aria-describedby")).toBe(
      screen.getByText("Provide a tracking link starting with https://").id,
    );
    expect(screen.getByLabelText("Tracking number").getAttribute("aria-invalid")).toBe("false");
    expect(sent.find((request) => request.method === "POST")?.body).toEqual({
      carrier: "",
      trackingNumber: "00340434",
      trackingUrl: "http://dhl.com",
    });
  });

  it.each([
    ["paid", false, { restock: true }],
    ["shipped", false, { restock: false }],
    ["delivered", true, { restock: true }],
  ] as const)(
    "a refund of a %s order, after the dialog (stock box ticked: %s), sends %j",
    async (status, tick, body) => {
      const sent = serveApi({
        [ORDER]: { body: order(status) },
        [`POST /api/admin/orders/${ID}/refund`]: { body: order("refunded") },
      });
      renderOrder();
      fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
      const dialog = screen.getByRole("dialog", { name: "Refund $3,675.00?" });
      const stockBox = within(dialog).queryByRole("checkbox", { name: "Return the pieces to stock (150)" });
      if (status === "paid") {
        expect(stockBox).toBeNull();
        expect(within(dialog).getByText("The 150 pieces were never shipped: they go back to stock.")).toBeTruthy();
      } else if (tick) {
        fireEvent.click(stockBox as HTMLElement);
      }
      expect(sent.some((request) => request.method === "POST")).toBe(false);
      fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
      await expect.poll(() => sent.find((request) => request.method === "POST")?.body).toEqual(body);
    },
  );

  // Three sends of a dialog and a list: 6 s on 2 cores at load 20, past the default 5 s.
  it("refunds a shipped order on account by a credit note: a refusal stays in the dialog, then the note is listed", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
    };
    const shipped = order("shipped", { transactionId: null, paid: false, ...accountOrder(3675, invoice) });
    let current = shipped;
    const credited = {
      ...shipped,
      credited: 500,
      balance: 3175,
      creditable: 3175,
      creditNotes: [
        {
          number: "CN-000004",
          issuedAt: "2030-11-28T10:00:00.000Z",
          amount: 500,
          reason: "Ten tapes damaged",
          invoiceNumber: "INV-2030-000009",
        },
      ],
      moneyMovements: [
        {
          kind: "credit-note",
          amount: 500,
          method: null,
          reference: "CN-000004",
          day: "2030-11-28",
          reason: "Ten tapes damaged",
        },
      ] satisfies Order["moneyMovements"],
    };
    const sent = serveApi({
      [ORDER]: () => ({ body: current }),
      [`POST /api/admin/orders/${ID}/credit-notes`]: ({ body }) => {
        if (!(body as { reason: string }).reason) {
          const reasonRequired = { field: "reason", message: "Reason is Required" };
          return { status: 400, body: { message: "reason: Reason is Required", errors: [reasonRequired] } };
        }
        if ((body as { amount: number }).amount > 3675) {
          return { status: 409, body: { message: "Order FL-100042 has $3,675.00 left to credit." } };
        }
        current = credited;
        return { status: 201, body: credited };
      },
    });
    renderOrder();
    fireEvent.click(await screen.findByRole("button", { name: "Refund by credit note" }));
    const dialog = screen.getByRole("dialog", { name: "Refund order FL-100042 by a credit note" });
    const amount = within(dialog).getByLabelText("Amount to credit in dollars") as HTMLInputElement;
    // All that is left at first: then the pieces may go back too.
    expect(amount.value).toBe("3675.00");
    const stock = within(dialog).getByRole("checkbox", { name: "Return the pieces to stock (150)" });
    expect((stock as HTMLInputElement).disabled).toBe(false);

    // The reason is asked for beside its field.
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue credit note" }));
    const reason = within(dialog).getByLabelText("Reason (required, shown to the buyer)") as HTMLInputElement;
    expect(await within(dialog).findByText("Reason is Required")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toBe(within(dialog).getByText("Reason is Required").id);
    fireEvent.change(reason, { target: { value: "Ten tapes damaged" } });
    // Once changed, the field is no longer the one refused.
    expect(within(dialog).queryByText("Reason is Required")).toBeNull();
    expect(reason.getAttribute("aria-invalid")).toBe("false");

    fireEvent.change(amount, { target: { value: "4000" } });
    expect((stock as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue credit note" }));
    await within(dialog).findByText("Order FL-100042 has $3,675.00 left to credit.");
    expect(
      within(dialog)
        .getAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual(["Order FL-100042 has $3,675.00 left to credit."]);

    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Issue credit note" }));
    await screen.findByRole("region", { name: "Credit notes" });
    expect(sent.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { amount: 3675, reason: "", restock: false },
      { amount: 4000, reason: "Ten tapes damaged", restock: false },
      { amount: 500, reason: "Ten tapes damaged", restock: false },
    ]);
    const notes = screen.getByRole("region", { name: "Credit notes" });
    expect(within(notes).getByRole("listitem").textContent).toContain("CN-000004");
    expect(within(notes).getByRole("listitem").textContent).toContain("$500.00 credited (Ten tapes damaged)");
    expect(within(notes).getByRole("button", { name: "Download CN-000004 (PDF)" })).toBeTruthy();
    const payments = screen.getByRole("region", { name: "Payments" });
    expect(
      within(payments)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Total $3,675.00", "Credit note CN-000004 $500.00 (Ten tapes damaged)", "Balance $3,175.00"]);
  }, 15_000);
});
