import { type CompanyRole, companyActions } from "@forgeline/contract";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor } from "../../test-orders";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import DashboardLayout from "./dashboard-layout";

const EMAIL = "ana@example.com";
/** Ana's company as the server answers her, in this role. */
const company = (role: CompanyRole) => ({
  _id: "c1",
  name: "Acme Fabrication",
  taxId: null,
  taxExempt: false,
  poRequired: false,
  role,
  createdAt: "2030-01-01T00:00:00.000Z",
  actions: companyActions(actor(EMAIL, { id: "c1", role }), "c1"),
});

/** The drawer's items, as [label, address] pairs, once the account's company (or none) is known. */
async function drawerFor(admin: boolean, mine: unknown, expected: number) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  serveApi({
    [`GET /api/admin/${encodeURIComponent(EMAIL)}`]: { body: { admin } },
    "GET /api/companies/mine": { body: mine },
  });
  renderPage(<DashboardLayout />, {
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana", confirmed: true }]],
  });
  const drawer = await screen.findByRole("navigation", { name: "Dashboard" });
  await expect.poll(() => within(drawer).getAllByRole("link").length).toBe(expected);
  return within(drawer)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("the dashboard's drawer by role", () => {
  it("offers a customer in no company My Company, to create one", async () => {
    expect((await drawerFor(false, null, 10)).map(([label]) => label)).toEqual([
      "My Orders",
      "My Review",
      "Add Review",
      "Quick Order",
      "Quotes",
      "Saved Lists",
      "Recurring Orders",
      "My Company",
      "My Profile",
      "Update Profile",
    ]);
  });

  it("adds the company's orders for its members", async () => {
    const requester = await drawerFor(false, company("requester"), 11);
    expect(requester.slice(7, 9)).toEqual([
      ["My Company", "/dashboard/company"],
      ["Company Orders", "/dashboard/company/orders"],
    ]);
  });

  it("shows owners Approvals, with how many orders wait for them", async () => {
    const owner = await drawerFor(false, company("owner"), 12);
    expect(owner.slice(7, 10)).toEqual([
      ["My Company", "/dashboard/company"],
      ["Company Orders", "/dashboard/company/orders"],
      ["Approvals", "/dashboard/approvals"],
    ]);
    cleanup();
    const waiting = await drawerFor(false, { ...company("owner"), awaitingApproval: 2 }, 12);
    expect(waiting[9]).toEqual(["Approvals2 waiting", "/dashboard/approvals"]);
  });

  const terms = { paymentTerms: { netDays: 30, creditLimit: 50_000 } };

  it("shows owners and buyers of a company on account its Statement", async () => {
    const buyer = await drawerFor(false, { ...company("buyer"), ...terms }, 12);
    expect(buyer.slice(7, 10)).toEqual([
      ["My Company", "/dashboard/company"],
      ["Company Orders", "/dashboard/company/orders"],
      ["Statement", "/dashboard/company/statement"],
    ]);
    cleanup();
    const owner = await drawerFor(false, { ...company("owner"), ...terms }, 13);
    expect(owner.slice(9, 11)).toEqual([
      ["Statement", "/dashboard/company/statement"],
      ["Approvals", "/dashboard/approvals"],
    ]);
  });

  it("shows no Statement to requesters, nor in a company that pays by card", async () => {
    const requester = await drawerFor(false, { ...company("requester"), ...terms }, 11);
    expect(requester.map(([label]) => label)).not.toContain("Statement");
    cleanup();
    const byCard = await drawerFor(false, { ...company("buyer"), paymentTerms: null }, 11);
    expect(byCard.map(([label]) => label)).not.toContain("Statement");
  });

  it("shows admins their Overview first, Companies, and no customer's company items", async () => {
    const admin = await drawerFor(true, null, 15);
    expect(admin[0]).toEqual(["Overview", "/dashboard"]);
    expect(admin).toContainEqual(["Warehouses", "/dashboard/warehouses"]);
    expect(admin).toContainEqual(["To ship", "/dashboard/pick-list"]);
    expect(admin).toContainEqual(["Backorders", "/dashboard/backorders"]);
    expect(admin.map(([label]) => label)).toContain("Companies");
    expect(admin).toContainEqual(["Companies", "/dashboard/companies"]);
    expect(admin).toContainEqual(["Receivables", "/dashboard/receivables"]);
    expect(admin.map(([label]) => label)).not.toContain("My Company");
  });

  // docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder' and 'Quotes'.
  it("offers customers the quick order and their quotes, and admins every quote", async () => {
    const customer = await drawerFor(false, null, 10);
    expect(customer).toContainEqual(["Quick Order", "/quick-order"]);
    expect(customer).toContainEqual(["Quotes", "/dashboard/quotes"]);
    // docs/RECURRING.md: their saved lists and recurring orders.
    expect(customer).toContainEqual(["Saved Lists", "/dashboard/lists"]);
    expect(customer).toContainEqual(["Recurring Orders", "/dashboard/recurring"]);
  });

  it("offers admins the quotes list", async () => {
    const admin = await drawerFor(true, null, 15);
    expect(admin).toContainEqual(["Quotes", "/dashboard/quotes"]);
    expect(admin.map(([label]) => label)).not.toContain("Quick Order");
  });

  it("knows the role from the session's answer, with no request of its own", async () => {
    localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
    const sent = serveApi({ "GET /api/companies/mine": { body: null } });
    renderPage(<DashboardLayout />, {
      cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana", admin: true }]],
    });
    const drawer = await screen.findByRole("navigation", { name: "Dashboard" });
    expect(within(drawer).getByRole("link", { name: "Companies" })).toBeTruthy();
    expect(sent.filter((request) => request.path.startsWith("/api/admin/"))).toEqual([]);
  });
});

describe("an address not yet confirmed", () => {
  const renderUnconfirmed = (answer: { status: number; body: unknown }) => {
    localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
    const sent = serveApi({
      [`GET /api/admin/${encodeURIComponent(EMAIL)}`]: { body: { admin: false } },
      "GET /api/companies/mine": { body: null },
      "POST /api/auth/send-verification-email": answer,
    });
    renderPage(<DashboardLayout />, {
      cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana", admin: false, confirmed: false }]],
    });
    return sent;
  };

  it("asks the customer to check their mail, and sends the link again on request", async () => {
    const sent = renderUnconfirmed({ status: 200, body: { status: true } });
    const notice = await screen.findByRole("region", { name: "Check your mail" });
    expect(notice.textContent).toContain(`We sent a link to ${EMAIL}`);
    await userEvent.click(within(notice).getByRole("button", { name: "Send the link again" }));
    expect(await within(notice).findByText("We sent a new link: it may take a minute to arrive.")).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST")).toEqual([
      expect.objectContaining({
        path: "/api/auth/send-verification-email",
        body: { email: EMAIL, callbackURL: "/dashboard?address=confirmed" },
      }),
    ]);
  });

  it("shows the server's refusal when the link was sent too often", async () => {
    const refusal = "Too many confirmation mails for this address. Please try again in 15 minute(s).";
    renderUnconfirmed({ status: 429, body: { message: refusal } });
    const notice = await screen.findByRole("region", { name: "Check your mail" });
    await userEvent.click(within(notice).getByRole("button", { name: "Send the link again" }));
    expect(await within(notice).findByText(refusal)).toBeTruthy();
  });

  it("says nothing once the address is confirmed", async () => {
    await drawerFor(false, null, 10);
    expect(screen.queryByRole("region", { name: "Check your mail" })).toBeNull();
  });
});
