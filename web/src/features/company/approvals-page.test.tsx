import { type Company, companyActions, type Order, withOrderActions } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { accountOrder, actor, cardOrder, listLine, pricedOrder } from "../../test-orders";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import ApprovalsPage from "./approvals-page";
import CompanyOrdersPage from "./company-orders-page";

const EMAIL = "olga@example.com";
const ORDERS = "GET /api/companies/c1/orders";
/** Olga, an owner of Acme: the answers carry what she may do. */
const olga = actor(EMAIL, { id: "c1", role: "owner" });

const acme: Company = {
  _id: "c1",
  name: "Acme Fabrication",
  taxId: null,
  taxExempt: false,
  poRequired: true,
  billingAddress: null,
  paymentTerms: null,
  role: "owner",
  createdAt: "2030-01-01T00:00:00.000Z",
  actions: companyActions(olga, "c1"),
};

function order(id: string, name: string, status: Order["status"], by = "rui@example.com"): Order {
  return withOrderActions(olga, {
    _id: id,
    number: `FL-10000${id.slice(1)}`,
    orderId: `p-${id}`,
    order: name,
    unitPrice: 24.5,
    quantity: 100,
    price: 2450,
    userEmail: by,
    userName: by === EMAIL ? "Olga" : "Rui",
    phone: "5550100",
    address: "1 Yard Road",
    paid: false,
    transactionId: null,
    status,
    statusHistory: [{ kind: "placed" as const, status, at: "2030-01-03T12:00:00.000Z", by, note: null }],
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    invoiceNumber: null,
    createdAt: "2030-01-03T12:00:00.000Z",
    ...pricedOrder([listLine({ productId: `p-${id}`, name, quantity: 100, unitPrice: 24.5, total: 2450 })], 2450, {
      poNumber: `PO-${id}`,
      companyId: "c1",
    }),
    ...cardOrder(status, 2450),
  });
}

const wrenches = order("o1", "Torque wrench", "awaiting-approval");
const levels = order("o2", "Box beam level", "awaiting-approval");
const mine = order("o3", "Claw hammer", "awaiting-approval", EMAIL);
const paid = order("o4", "Tape measure", "paid");

function renderAs(page: React.ReactNode, routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi(routes);
  renderPage(page, { cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Olga" }]] });
  return sent;
}

const writes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));
const item = (name: string) => screen.getByRole("link", { name }).closest("li") as HTMLElement;

describe("/dashboard/approvals", () => {
  it("lists only the orders that wait, each with Approve and Reject, and none on the owner's own order", async () => {
    const why =
      "Waits for an owner: with it, rui@example.com's orders this month come to $5,500.00, over the monthly limit of $5,000.00.";
    const overLimit = { ...wrenches, statusHistory: [{ ...wrenches.statusHistory[0], note: `Placed. ${why}` }] };
    renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [overLimit, paid, mine] },
    });
    await screen.findByRole("link", { name: "Order FL-100001" });
    // Why it waits, as its history's first line says.
    expect(within(item("Order FL-100001")).getByText(why)).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "Orders awaiting approval" }))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Order FL-100001", "Order FL-100003"]);
    expect(item("Order FL-100001").textContent).toContain("$2,450.00 by Rui, Jan 3, 2030, PO PO-o1");
    expect(
      within(item("Order FL-100001")).getByRole("button", {
        name: /^Approve ?order FL-100001 \(Torque wrench\) by Rui$/,
      }),
    );
    expect(within(item("Order FL-100003")).queryByRole("button")).toBeNull();
    expect(item("Order FL-100003").textContent).toContain("Your own order: another owner decides.");
  });

  it("approves an order: the list is fetched again and the focus returns to the heading", async () => {
    let decided = false;
    const sent = renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: () => ({ body: decided ? [levels] : [wrenches, levels] }),
      "POST /api/companies/c1/orders/o1/approve": () => {
        decided = true;
        return { body: { ...wrenches, status: "unpaid" } };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("link", { name: "Order FL-100001" });
    within(item("Order FL-100001"))
      .getByRole("button", { name: /^Approve/ })
      .focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Order FL-100001" })).toBeNull());
    expect(screen.getByRole("link", { name: "Order FL-100002" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Approvals" }));
    expect(writes(sent)).toEqual([{ method: "POST", path: "/api/companies/c1/orders/o1/approve", body: undefined }]);
  });

  it("approves with a note typed beside the buttons, with the keyboard alone: the note is sent", async () => {
    const sent = renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [wrenches] },
      "POST /api/companies/c1/orders/o1/approve": { body: { ...wrenches, status: "unpaid" } },
    });
    const user = userEvent.setup();
    await screen.findByRole("link", { name: "Order FL-100001" });
    const note = within(item("Order FL-100001")).getByLabelText(
      "Note to Rui (optional to approve, required to reject)",
    );
    note.focus();
    await user.keyboard("Fine for the Leeds site");
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/^Approve/);
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(writes(sent)).toEqual([
        {
          method: "POST",
          path: "/api/companies/c1/orders/o1/approve",
          body: { note: "Fine for the Leeds site" },
        },
      ]),
    );
  });

  it("shows the server's refusal of an approval's note beside the field, which takes the focus", async () => {
    renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [wrenches] },
      "POST /api/companies/c1/orders/o1/approve": {
        status: 400,
        body: {
          message: "note: A note has at most 500 characters",
          errors: [{ field: "note", message: "A note has at most 500 characters" }],
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("link", { name: "Order FL-100001" });
    const note = within(item("Order FL-100001")).getByLabelText(/^Note to Rui/);
    await user.type(note, "x");
    await user.click(within(item("Order FL-100001")).getByRole("button", { name: /^Approve/ }));
    await waitFor(() =>
      expect(document.getElementById(note.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "A note has at most 500 characters",
      ),
    );
    expect(document.activeElement).toBe(note);
  });

  it("rejects an order with the note; the server's refusal of an empty note stands beside the field", async () => {
    const sent = renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [wrenches] },
      "POST /api/companies/c1/orders/o1/reject": (request) =>
        (request.body as { note: string }).note
          ? { body: { ...wrenches, status: "cancelled" } }
          : {
              status: 400,
              body: {
                message: "note: Say why the order is rejected",
                errors: [{ field: "note", message: "Say why the order is rejected" }],
              },
            },
    });
    const user = userEvent.setup();
    await screen.findByRole("link", { name: "Order FL-100001" });
    await user.click(within(item("Order FL-100001")).getByRole("button", { name: /^Reject/ }));
    const note = within(item("Order FL-100001")).getByLabelText(/^Note to Rui/);
    await waitFor(() =>
      expect(document.getElementById(note.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "Say why the order is rejected",
      ),
    );
    expect(document.activeElement).toBe(note);
    await user.type(note, "Over this quarter's budget");
    await user.click(within(item("Order FL-100001")).getByRole("button", { name: /^Reject/ }));
    await waitFor(() =>
      expect(writes(sent).at(-1)).toEqual({
        method: "POST",
        path: "/api/companies/c1/orders/o1/reject",
        body: { note: "Over this quarter's budget" },
      }),
    );
    expect(await screen.findByText("Rejected order FL-100001 (Torque wrench) by Rui")).toBeTruthy();
  });

  it("says which waiting order goes on account, since approving it uses the company's credit", async () => {
    const onAccount = {
      ...wrenches,
      ...accountOrder(2450),
      fulfilmentStatus: "awaiting-approval",
      status: "awaiting-approval",
    } as const;
    renderAs(<ApprovalsPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [onAccount, levels] },
    });
    await screen.findByRole("link", { name: "Order FL-100001" });
    expect(item("Order FL-100001").textContent).toContain(
      "On account (net 30): approved, it uses the company's credit",
    );
    expect(item("Order FL-100002").textContent).toContain("By card");
  });

  it("tells a member who is no owner that owners decide, and a customer in no company where to start", async () => {
    renderAs(<ApprovalsPage />, { "GET /api/companies/mine": { body: { ...acme, role: "buyer", actions: [] } } });
    expect(await screen.findByText(/^Only the company's owners approve orders/)).toBeTruthy();
  });

  it("points a customer in no company to My Company", async () => {
    renderAs(<ApprovalsPage />, { "GET /api/companies/mine": { body: null } });
    expect((await screen.findByRole("link", { name: /Create one/ })).getAttribute("href")).toBe("/dashboard/company");
  });
});

describe("/dashboard/company/orders", () => {
  it("lists every member's order with who placed it, its total and PO number, status, and a link to its page", async () => {
    renderAs(<CompanyOrdersPage />, {
      "GET /api/companies/mine": { body: { ...acme, role: "requester", actions: [] } },
      [ORDERS]: { body: [wrenches, paid] },
    });
    const link = await screen.findByRole("link", { name: "FL-100001" });
    expect(link.getAttribute("href")).toBe("/dashboard/myorders/o1");
    const row = link.closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Ruirui@example.com", "Jan 3, 2030", "$2,450.00PO PO-o1", "Awaiting approvalPay once approved"]);
    const paidRow = screen.getByRole("link", { name: "FL-100004" }).closest("tr") as HTMLElement;
    expect(within(paidRow).getByText("Paid")).toBeTruthy();
  });

  it("says by a member's order on account when its invoice is due, and that it is overdue", async () => {
    // Due 13 days and a few hours before the page reads it.
    const dueAt = new Date(Date.now() - 13.2 * 86_400_000).toISOString();
    const invoice = { number: "INV-2030-000009", issuedAt: "2030-11-26T09:00:00.000Z", dueAt };
    renderAs(<CompanyOrdersPage />, {
      "GET /api/companies/mine": { body: acme },
      [ORDERS]: { body: [{ ...wrenches, ...accountOrder(2450, invoice, true) }] },
    });
    const row = (await screen.findByRole("link", { name: "FL-100001" })).closest("tr") as HTMLElement;
    expect(within(row).getAllByRole("cell").at(-1)?.textContent).toBe("ShippedOverdue 13 days");
  });
});
