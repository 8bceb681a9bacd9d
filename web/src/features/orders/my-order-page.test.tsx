import {
  type Actor,
  type CompanyRole,
  type Order,
  type OrderWithCredit,
  orderAnswerFor,
  withOrderActions,
} from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { accountOrder, actor, cardOrder, listLine, pricedOrder } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import MyOrderPage from "./my-order-page";

const EMAIL = "ana@example.com";
const ORDER_ID = "7b0f6d1e-0000-4000-8000-000000000001";
const ORDER = `GET /api/ordering/${ORDER_ID}`;

const ana = actor(EMAIL);
/** Ana as a member of the company c1, in this role. */
const acme = (role: CompanyRole): Actor => actor(EMAIL, { id: "c1", role });
const placed = { kind: "placed", status: "unpaid", at: "2030-01-01T12:00:00.000Z", by: EMAIL, note: "Placed" } as const;
const unpaid: OrderWithCredit = withOrderActions(ana, {
  _id: ORDER_ID,
  number: "FL-100007",
  orderId: "3c1d2e3f-0000-4000-8000-000000000002",
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
  statusHistory: [placed],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  invoiceNumber: null,
  createdAt: "2030-01-01T12:00:00.000Z",
  ...pricedOrder(
    [
      listLine({
        productId: "3c1d2e3f-0000-4000-8000-000000000002",
        name: "Torque wrench",
        quantity: 150,
        unitPrice: 24.5,
        total: 3675,
      }),
    ],
    3675,
  ),
});
const shipped: OrderWithCredit = withOrderActions(ana, {
  ...unpaid,
  paid: true,
  transactionId: "pi_7",
  status: "shipped",
  statusHistory: [
    placed,
    { kind: "paid", status: "paid", at: "2030-01-01T12:05:00.000Z", by: EMAIL, note: "Payment pi_7" },
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
  ...cardOrder("shipped", 3675),
  moneyMovements: [{ kind: "payment", amount: 3675, method: "card", reference: "pi_7", day: "2030-01-01" }],
});

function renderOrderPage() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<MyOrderPage />, {
    at: `/dashboard/myorders/${ORDER_ID}`,
    path: "/dashboard/myorders/:id",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

/** The rows of the order's lines: tool, SKU, quantity, unit price (with its source), line total. */
function lineRows() {
  return within(screen.getByRole("region", { name: "Order lines" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
}

/** The lines of the Payments section: the total, each movement of money, the balance. */
function moneyLines() {
  return within(screen.getByRole("region", { name: "Payments" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

/** The details list as [term, description] pairs. */
function details() {
  const terms = screen.getAllByRole("term");
  return terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe("the customer's order page", () => {
  it("shows an unpaid order's details, its placed step, and Pay and Cancel", async () => {
    serveApi({ [ORDER]: { body: unpaid } });
    renderOrderPage();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Order FL-100007");
    expect(details()).toEqual([
      ["Delivery", "Ships once paid"],
      ["Payment", "Awaiting payment"],
      ["Pieces", "150 Pieces"],
      ["Delivery address", "1 Yard Road"],
      ["Subtotal", "$3,675.00"],
      ["Total", "$3,675.00"],
    ]);
    expect(lineRows()).toEqual([["Torque wrench", "FL-TW-150", "150", "$24.50", "$3,675.00"]]);
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((step) => step.querySelector("time")?.getAttribute("datetime"))).toEqual([placed.at]);
    expect(history[0]?.textContent).toMatch(/^Placed.+ by ana@example\.comPlaced$/);
    expect(screen.getByText(/^Pay/, { selector: "a" }).getAttribute("href")).toBe(`/dashboard/payment/${ORDER_ID}`);
    expect(screen.getByRole("button", { name: /^Cancel ?the order for Torque wrench$/ })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Tracking" })).toBeNull();
    expect(screen.queryByRole("button", { name: /invoice/i })).toBeNull();
  });

  it("says an order awaits an owner's approval, with no Pay nor Order again; the buyer may still cancel it", async () => {
    serveApi({
      [ORDER]: {
        body: withOrderActions(acme("buyer"), {
          ...unpaid,
          ...cardOrder("awaiting-approval", 3675),
          status: "awaiting-approval",
          statusHistory: [{ ...placed, status: "awaiting-approval" }],
          companyId: "c1",
        }),
      },
    });
    renderOrderPage();
    expect(await screen.findByText(/^This order awaits approval by an owner of your company/)).toBeTruthy();
    expect(details().slice(0, 2)).toEqual([
      ["Delivery", "Awaiting approval"],
      ["Payment", "Pay once approved"],
    ]);
    expect(screen.queryByText(/^Pay/, { selector: "a" })).toBeNull();
    expect(screen.queryByText(/^Order again/, { selector: "button" })).toBeNull();
    expect(screen.getByRole("button", { name: /^Cancel ?the order for Torque wrench$/ })).toBeTruthy();
  });

  it("says an approved card order awaits its payment, and its history that it was approved", async () => {
    const approval = {
      ...placed,
      kind: "approved" as const,
      at: "2030-01-01T13:00:00.000Z",
      by: "olga@example.com",
      note: "Approved: fine",
    };
    serveApi({
      [ORDER]: {
        body: withOrderActions(acme("buyer"), {
          ...unpaid,
          statusHistory: [{ ...placed, status: "awaiting-approval" }, approval],
          companyId: "c1",
        }),
      },
    });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details().slice(0, 2)).toEqual([
      ["Delivery", "Ships once paid"],
      ["Payment", "Awaiting payment"],
    ]);
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((step) => step.querySelector("p")?.textContent)).toEqual(["Placed", "Approved"]);
  });

  it("says an order placed on account has nothing to pay now (no Pay), and ships with its invoice", async () => {
    serveApi({
      [ORDER]: { body: withOrderActions(acme("buyer"), { ...unpaid, ...accountOrder(3675), companyId: "c1" }) },
    });
    renderOrderPage();
    expect(
      await screen.findByText(
        "Placed on account: nothing to pay now. It ships without payment, and its invoice comes with it, due 30 days later.",
      ),
    ).toBeTruthy();
    // Nothing is owed yet: never an "Unpaid" badge, and no money lines before the invoice.
    expect(details().slice(0, 2)).toEqual([
      ["Delivery", "To ship"],
      ["Payment", "Invoice when shipped, net 30"],
    ]);
    expect(screen.queryByText("Unpaid")).toBeNull();
    expect(screen.queryByRole("region", { name: "Payments" })).toBeNull();
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole("button", { name: /^Cancel ?the order for Torque wrench$/ })).toBeTruthy();
  });

  it("shows a shipped order on account with its invoice's due day, its balance and the invoice to download", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
    };
    const order = { ...shipped, paid: false, transactionId: null, ...accountOrder(3675, invoice), companyId: "c1" };
    serveApi({ [ORDER]: { body: withOrderActions(acme("buyer"), order) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details().slice(0, 4)).toEqual([
      ["Delivery", "Shipped"],
      ["Payment", "Due 26 Dec"],
      ["Pieces", "150 Pieces"],
      ["Invoice", "INV-2030-000009"],
    ]);
    expect(moneyLines()).toEqual(["Total $3,675.00", "Balance $3,675.00"]);
    expect(screen.getByRole("button", { name: "Download invoice INV-2030-000009 (PDF)" })).toBeTruthy();
    expect(screen.queryByText(/^Placed on account/)).toBeNull();
    // Its balance can be paid by card, on the payment page; its tools can still be ordered again.
    const pay = screen.getByRole("link", { name: /^Pay \$3,675\.00 by card ?for Torque wrench$/ });
    expect(pay.getAttribute("href")).toBe(`/dashboard/payment/${ORDER_ID}`);
    expect(screen.getByRole("button", { name: /^Order again/ })).toBeTruthy();
  });

  it("lists each shipment's invoice on account, with its due day, what is left and its PDF (decision 077)", async () => {
    const parcel = (number: number, quantity: number, invoice: NonNullable<Order["shipments"][number]["invoice"]>) => ({
      _id: `5a0f6d1e-0000-4000-8000-00000000000${number}`,
      number,
      warehouse: { _id: "w1", code: "MAIN", name: "Main warehouse" },
      carrier: "DHL",
      trackingNumber: `JD000${number}`,
      trackingUrl: null,
      shippedAt: invoice.issuedAt,
      deliveredAt: null,
      lines: [{ position: 0, productId: unpaid.orderId, sku: "FL-TW-01", name: "Torque wrench", quantity }],
      invoice,
    });
    const first = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
      amount: 1470,
      balance: 0,
    };
    const second = {
      number: "INV-2030-000012",
      issuedAt: "2030-12-01T09:00:00.000Z",
      dueAt: "2030-12-31T09:00:00.000Z",
      amount: 2205,
      balance: 1205,
    };
    const order = {
      ...shipped,
      paid: false,
      transactionId: null,
      ...accountOrder(3675, first),
      companyId: "c1",
      amountPaid: 2470,
      balance: 1205,
      paymentStatus: "partially-paid",
      shipments: [parcel(1, 60, first), parcel(2, 90, second)],
    } as const;
    serveApi({ [ORDER]: { body: withOrderActions(acme("buyer"), order) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details()[3]).toEqual(["Invoices", "INV-2030-000009, INV-2030-000012"]);
    const shipments = within(screen.getByRole("region", { name: "Shipments" }));
    // The number is a span of its own (it never breaks at its hyphens): the paragraph's whole text is matched.
    const paragraph = (text: string) =>
      shipments.getByText((_, element) => element?.tagName === "P" && element.textContent === text);
    expect(paragraph("Invoice INV-2030-000009: $1,470.00, due 26 December 2030, paid")).toBeTruthy();
    expect(paragraph("Invoice INV-2030-000012: $2,205.00, due 31 December 2030, $1,205.00 left to pay")).toBeTruthy();
    expect(shipments.getByRole("button", { name: "Invoice INV-2030-000009 (PDF)" })).toBeTruthy();
    expect(shipments.getByRole("button", { name: "Invoice INV-2030-000012 (PDF)" })).toBeTruthy();
    // The order has no one invoice for its whole total: no button for it.
    expect(screen.queryByRole("button", { name: /^Download invoice/ })).toBeNull();
  });

  it("lists every movement of money on an invoiced order, oldest first, between its total and its balance", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
    };
    const order = {
      ...shipped,
      paid: false,
      transactionId: null,
      ...accountOrder(10_932, invoice),
      price: 10_932,
      paymentStatus: "partially-paid" as const,
      amountPaid: 5000,
      credited: 432,
      balance: 5500,
      companyId: "c1",
      moneyMovements: [
        { kind: "payment", amount: 5000, method: "transfer", reference: "ACME-TRF-7781", day: "2030-12-03" },
        { kind: "credit-note", amount: 432, method: null, reference: "CN-000012", day: "2030-12-04" },
      ] satisfies Order["moneyMovements"],
      statusHistory: [
        ...shipped.statusHistory,
        {
          kind: "payment-received" as const,
          status: "shipped" as const,
          at: "2030-12-05T10:00:00.000Z",
          by: "admin@example.com",
          note: "$5,000.00 received: ACME-TRF-7781",
        },
      ],
    };
    serveApi({ [ORDER]: { body: withOrderActions(acme("buyer"), order) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details()[1]).toEqual(["Payment", "Paid in part"]);
    expect(moneyLines()).toEqual([
      "Total $10,932.00",
      "Paid $5,000.00 by bank transfer ACME-TRF-7781 on 3 Dec",
      "Credit note CN-000012 $432.00",
      "Balance $5,500.00",
    ]);
    // The history names the payment by what it was, not by the status it left the order in.
    const history = within(screen.getByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(history.map((step) => step.querySelector("p")?.textContent)).toEqual([
      "Placed",
      "Paid by card",
      "Shipped",
      "Payment received",
    ]);
  });

  it("offers no card payment of an invoice to a requester of the company: requesters see, they do not pay", async () => {
    const invoice = { number: "INV-2030-000009", issuedAt: "2030-11-26T09:00:00.000Z", dueAt: null };
    const order = { ...shipped, paid: false, transactionId: null, ...accountOrder(3675, invoice), companyId: "c1" };
    serveApi({ [ORDER]: { body: orderAnswerFor(acme("requester"), { ...order, userEmail: "bea@example.com" }) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
  });

  it("shows a requester a colleague's order on account without what it owes: no balance, credit notes or invoice", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-10-01T09:00:00.000Z",
      dueAt: "2030-10-31T09:00:00.000Z",
    };
    const order = {
      ...shipped,
      paid: false,
      ...accountOrder(3675, invoice, true),
      companyId: "c1",
      userEmail: "bea@example.com",
      credited: 675,
      balance: 3000,
      creditNotes: [{ number: "CN-000004", issuedAt: "2030-10-28T10:00:00.000Z", amount: 675 }],
    };
    serveApi({ [ORDER]: { body: orderAnswerFor(acme("requester"), order) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details().slice(0, 5)).toEqual([
      ["Delivery", "Shipped"],
      ["Payment", "Invoiced, net 30"],
      ["Pieces", "150 Pieces"],
      ["Invoice", "INV-2030-000009"],
      ["Delivery address", "1 Yard Road"],
    ]);
    expect(screen.queryByText(/overdue/i)).toBeNull();
    expect(screen.queryByRole("region", { name: "Payments" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Credit notes" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Download invoice/ })).toBeNull();
  });

  it("lists an order's credit notes with what they credited, why, and their PDFs", async () => {
    const invoice = {
      number: "INV-2030-000009",
      issuedAt: "2030-11-26T09:00:00.000Z",
      dueAt: "2030-12-26T09:00:00.000Z",
    };
    const order = {
      ...shipped,
      paid: false,
      transactionId: null,
      ...accountOrder(3675, invoice),
      companyId: "c1",
      credited: 675,
      balance: 3000,
      creditNotes: [
        { number: "CN-000004", issuedAt: "2030-11-28T10:00:00.000Z", amount: 500, reason: "Ten tapes damaged" },
        { number: "CN-000011", issuedAt: "2030-11-30T10:00:00.000Z", amount: 175, reason: "Not recorded" },
      ],
    };
    serveApi({ [ORDER]: { body: withOrderActions(acme("buyer"), order) } });
    renderOrderPage();
    const notes = await screen.findByRole("region", { name: "Credit notes" });
    expect(moneyLines().at(-1)).toBe("Balance $3,000.00");
    expect(
      within(notes)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("span")?.textContent),
    ).toEqual([
      expect.stringMatching(/^CN-000004, .+: \$500\.00 credited \(Ten tapes damaged\)$/),
      expect.stringMatching(/^CN-000011, .+: \$175\.00 credited \(Not recorded\)$/),
    ]);
    expect(within(notes).getByRole("button", { name: "Download CN-000011 (PDF)" })).toBeTruthy();
  });

  it("marks an order on account overdue in words, on an amber badge", async () => {
    // Due 13 days and a few hours ago, as the page reads it now.
    const dueAt = new Date(Date.now() - 13.2 * 86_400_000).toISOString();
    const invoice = { number: "INV-2030-000009", issuedAt: "2030-10-01T09:00:00.000Z", dueAt };
    const order = { ...shipped, paid: false, ...accountOrder(3675, invoice, true), companyId: "c1" };
    serveApi({ [ORDER]: { body: withOrderActions(acme("buyer"), order) } });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details()[1]).toEqual(["Payment", "Overdue 13 days"]);
    expect(screen.getByText("Overdue 13 days").className).toContain("badge-warning");
  });

  it("says an approved order on account is to ship, not that it awaits a payment", async () => {
    const approval = {
      ...placed,
      kind: "approved" as const,
      at: "2030-01-01T13:00:00.000Z",
      by: "olga@example.com",
      note: "Approved: fine",
    };
    const waited = [{ ...placed, status: "awaiting-approval" as const }, approval];
    serveApi({
      [ORDER]: {
        body: withOrderActions(acme("requester"), {
          ...unpaid,
          ...accountOrder(3675),
          statusHistory: waited,
          companyId: "c1",
        }),
      },
    });
    renderOrderPage();
    await screen.findByRole("heading", { level: 1, name: "Order FL-100007" });
    expect(details().slice(0, 2)).toEqual([
      ["Delivery", "To ship"],
      ["Payment", "Invoice when shipped, net 30"],
    ]);
  });

  const colleagues = { ...unpaid, userEmail: "rui@example.com", userName: "Rui", companyId: "c1" };
  /** The order as the server answers a member of c1 in this role. */
  const seenAs = (role: CompanyRole, order: OrderWithCredit) => orderAnswerFor(acme(role), order);

  it("lets a buyer colleague pay a company order (its buyer alone cancels it)", async () => {
    serveApi({ [ORDER]: { body: seenAs("buyer", colleagues) } });
    renderOrderPage();
    const pay = await screen.findByRole("link", { name: /^Pay ?for Torque wrench$/ });
    expect(pay.getAttribute("href")).toBe(`/dashboard/payment/${ORDER_ID}`);
    expect(screen.queryByRole("button", { name: /^Cancel/ })).toBeNull();
  });

  it("lets an owner colleague pay it too, but not before an owner approved it", async () => {
    serveApi({
      [ORDER]: {
        body: seenAs("owner", { ...colleagues, ...cardOrder("awaiting-approval", 3675), status: "awaiting-approval" }),
      },
    });
    renderOrderPage();
    expect(await screen.findByText(/^This order awaits approval/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
  });

  it("shows a requester a colleague's order without Pay or Cancel: requesters see, they do not pay", async () => {
    const sent = serveApi({ [ORDER]: { body: seenAs("requester", colleagues) } });
    renderOrderPage();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Order FL-100007");
    // The order's answer carries what the caller may do: no other call decides it.
    await expect.poll(() => sent.some((request) => request.path === `/api/ordering/${ORDER_ID}`)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Cancel/ })).toBeNull();
  });

  it("shows a requester their own approved order without Pay (a colleague pays it); they may still cancel it", async () => {
    serveApi({ [ORDER]: { body: seenAs("requester", { ...unpaid, companyId: "c1" }) } });
    renderOrderPage();
    expect(await screen.findByRole("button", { name: /^Cancel ?the order for Torque wrench$/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
  });

  it("shows no Pay on another company's order", async () => {
    serveApi({ [ORDER]: { body: seenAs("owner", { ...colleagues, companyId: "c2" }) } });
    renderOrderPage();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Order FL-100007");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("link", { name: /^Pay/ })).toBeNull();
  });

  it("shows a shipped order's history oldest first, its tracking link, and Order again instead of Pay", async () => {
    serveApi({ [ORDER]: { body: shipped } });
    renderOrderPage();
    const history = within(await screen.findByRole("region", { name: "History" })).getAllByRole("listitem");
    expect(
      history.map((step) => [step.firstElementChild?.nextElementSibling?.textContent, step.lastChild?.textContent]),
    ).toEqual([
      ["Placed", "Placed"],
      ["Paid by card", "Payment pi_7"],
      ["Shipped", "DHL 00340434"],
    ]);
    expect(moneyLines()).toEqual(["Total $3,675.00", "Paid $3,675.00 by card on 1 Jan", "Balance $0.00"]);
    const tracking = screen.getByRole("region", { name: "Tracking" });
    expect(tracking.textContent).toContain("DHL, tracking number 00340434");
    const track = within(tracking).getByRole("link");
    expect(track.getAttribute("href")).toBe("https://www.dhl.com/track?id=00340434");
    expect(track.getAttribute("target")).toBe("_blank");
    expect(details()).toContainEqual(["Invoice", "INV-2030-000007"]);
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Order again Torque wrench",
      // docs/RECURRING.md: its lines kept as a list.
      "Save as list",
      "Download invoice INV-2030-000007 (PDF)",
    ]);
  });

  it("shows every line with its price's source, then the promotion, tax, total and PO number", async () => {
    serveApi({
      [ORDER]: {
        body: {
          ...unpaid,
          order: "Torque wrench + 1 more",
          quantity: 350,
          price: 4904.33,
          lines: [
            listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 24.5, total: 3675 }),
            {
              ...listLine({
                productId: "p2",
                name: "Box beam level",
                sku: "FL-BBL-48",
                quantity: 200,
                unitPrice: 20,
                total: 4000,
              }),
              listUnitPrice: 25,
              priceSource: "contract",
            },
          ],
          subtotal: 7675,
          promotion: { _id: "promo-2", name: "40% off orders of 200 pieces or more", percent: 40 },
          discount: 3070,
          taxRate: 6.5,
          tax: 299.33,
          poNumber: "PO-7781",
        } satisfies Order,
      },
    });
    renderOrderPage();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Order FL-100007");
    expect(screen.getByText("Torque wrench + 1 more")).toBeTruthy();
    expect(lineRows()).toEqual([
      ["Torque wrench", "FL-TW-150", "150", "$24.50", "$3,675.00"],
      ["Box beam level", "FL-BBL-48", "200", "$20.00your contract pricelist price $25.00", "$4,000.00"],
    ]);
    expect(details().slice(4)).toEqual([
      ["Subtotal", "$7,675.00"],
      ["40% off orders of 200 pieces or more", "−$3,070.00"],
      ["Tax (6.5%)", "$299.33"],
      ["Total", "$4,904.33"],
      ["PO number", "PO-7781"],
    ]);
  });

  it("shows the 404 page for an order that is not the customer's", async () => {
    serveApi({ [ORDER]: { status: 404, body: { message: "No such order" } } });
    renderOrderPage();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      "Oops! The page you're looking for isn't here",
    );
  });
});

describe("Order again (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder')", () => {
  const REORDER = `POST /api/ordering/${ORDER_ID}/reorder`;
  const cart = { lines: [], pieces: 0, subtotal: 0, promotion: null, discount: 0, taxRate: 0, tax: 0, total: 0 };

  it("puts every line of the order into the cart and opens the cart when all went in", async () => {
    const sent = serveApi({
      [ORDER]: { body: shipped },
      [REORDER]: {
        body: {
          report: [{ row: 1, sku: "FL-TW-150", quantity: 150, status: "added", message: "Added 150 pieces" }],
          cart,
        },
      },
    });
    renderOrderPage();
    (await screen.findByText(/^Order again/, { selector: "button" })).click();
    await expect.poll(() => currentAddress()).toBe("/cart");
    expect(sent.filter((request) => request.method === "POST").map((request) => request.path)).toEqual([
      `/api/ordering/${ORDER_ID}/reorder`,
    ]);
  });

  it("says each line's note when one could not be added, beside a link to the cart", async () => {
    const refused = "Torque wrench is no longer in the catalogue";
    serveApi({
      [ORDER]: { body: shipped },
      [REORDER]: {
        body: {
          report: [
            { row: 1, sku: "FL-TW-150", quantity: 150, status: "error", message: refused },
            { row: 2, sku: "FL-BBL-48", quantity: 100, status: "added", message: "Added 100 pieces" },
          ],
          cart,
        },
      },
    });
    renderOrderPage();
    (await screen.findByText(/^Order again/, { selector: "button" })).click();
    expect(await screen.findByText(`FL-TW-150: ${refused}`)).toBeTruthy();
    expect(screen.getByText("FL-BBL-48: Added 100 pieces")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your cart" }).getAttribute("href")).toBe("/cart");
    expect(currentAddress()).not.toBe("/cart");
  });
});

describe("Repeat this order (docs/RECURRING.md, 'Recurring orders')", () => {
  it("opens the recurring orders' form with this order as what it places again", async () => {
    serveApi({ [ORDER]: { body: shipped } });
    renderOrderPage();
    const repeat = await screen.findByRole("link", { name: "Repeat this order" });
    repeat.click();
    await expect.poll(() => currentAddress()).toBe(`/dashboard/recurring?order=${ORDER_ID}`);
  });
});
