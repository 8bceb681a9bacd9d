import {
  type Company,
  type CompanyAddress,
  type CompanyMember,
  companyActions,
  type Invitation,
} from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor } from "../../test-orders";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import CompanyPage from "./company-page";

const EMAIL = "ana@example.com";
const COMPANY = "/api/companies/c1";

const acme: Company = {
  _id: "c1",
  name: "Acme Fabrication",
  taxId: null,
  taxExempt: false,
  poRequired: false,
  billingAddress: null,
  paymentTerms: null,
  role: "owner",
  createdAt: "2030-01-01T00:00:00.000Z",
  actions: companyActions(actor(EMAIL, { id: "c1", role: "owner" }), "c1"),
};
const ana: CompanyMember = {
  email: EMAIL,
  name: "Ana",
  role: "owner",
  monthlyLimit: null,
  spentThisMonth: 0,
  joinedAt: "2030-01-01T00:00:00.000Z",
};
const rui: CompanyMember = {
  email: "rui@example.com",
  name: "Rui",
  role: "requester",
  monthlyLimit: 5000,
  spentThisMonth: 1250.5,
  joinedAt: "2030-01-02T00:00:00.000Z",
};
const pending: Invitation = {
  _id: "i1",
  email: "lea@example.com",
  role: "buyer",
  invitedBy: EMAIL,
  expiresAt: "2030-01-08T00:00:00.000Z",
};
const yard: CompanyAddress = { _id: "a1", label: "North yard", address: "1 Yard Road\nSpringfield", phone: "5550100" };

const LAST_OWNER = "A company needs an owner: make another member an owner first.";

function renderCompany(routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi({ [`GET /api/admin/${encodeURIComponent(EMAIL)}`]: { body: { admin: false } }, ...routes });
  renderPage(<CompanyPage />, { cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]] });
  return sent;
}

/** The routes of a company as a member reads it. */
const companyRoutes = (company: Company, members = [ana, rui]) => ({
  "GET /api/companies/mine": { body: company },
  [`GET ${COMPANY}/members`]: { body: members },
  [`GET ${COMPANY}/invitations`]: { body: [pending] },
  [`GET ${COMPANY}/addresses`]: { body: [yard] },
});

const writes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));
const messageBeside = (field: HTMLElement) =>
  document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent ?? null;
const row = (name: string) =>
  screen.getByRole("rowheader", { name: new RegExp(`^${name}`) }).closest("tr") as HTMLElement;

describe("/dashboard/company without a company", () => {
  it("creates one, the server's refusal beside its field first", async () => {
    let created = false;
    const sent = renderCompany({
      "GET /api/companies/mine": () => ({ body: created ? acme : null }),
      [`GET ${COMPANY}/members`]: { body: [ana] },
      [`GET ${COMPANY}/invitations`]: { body: [] },
      [`GET ${COMPANY}/addresses`]: { body: [] },
      "POST /api/companies": (request) => {
        if ((request.body as { name: string }).name === "") {
          return {
            status: 400,
            body: {
              message: "name: Company name is Required",
              errors: [{ field: "name", message: "Company name is Required" }],
            },
          };
        }
        created = true;
        return { status: 201, body: { insertedId: "c1" } };
      },
    });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("My Company");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create company" }));
    const name = screen.getByLabelText("Company name");
    await waitFor(() => expect(messageBeside(name)).toBe("Company name is Required"));
    expect(document.activeElement).toBe(name);

    await user.type(name, "Acme Fabrication");
    await user.type(screen.getByLabelText("Tax ID (optional)"), "DE 123/456");
    await user.click(screen.getByRole("button", { name: "Create company" }));
    expect(await screen.findByRole("heading", { name: "Members" })).toBeTruthy();
    expect(writes(sent).at(-1)).toEqual({
      method: "POST",
      path: "/api/companies",
      body: { name: "Acme Fabrication", taxId: "DE 123/456" },
    });
  });
});

describe("/dashboard/company for an owner", () => {
  it("shows the members with role, limit and spend, the pending invitations, the addresses and the settings", async () => {
    renderCompany(companyRoutes(acme));
    await screen.findByRole("rowheader", { name: /^Rui/ });
    expect(
      within(row("Rui"))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Requester", "$5,000.00", "$1,250.50", "Change the role or limit of RuiRemove Rui"]);
    expect(
      within(row("Ana"))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Owner", "No limit", "$0.00", "Change the role or limit of AnaLeave Acme Fabrication"]);
    expect(await screen.findByRole("rowheader", { name: "lea@example.com" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "North yard" })).toBeTruthy();
    expect((screen.getByLabelText("Company name") as HTMLInputElement).value).toBe("Acme Fabrication");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("changes a member's role and limit, and says why the server refuses the last owner's demotion", async () => {
    const sent = renderCompany({
      ...companyRoutes(acme),
      [`PATCH ${COMPANY}/members/${encodeURIComponent("rui@example.com")}`]: { body: { ...rui, role: "buyer" } },
      [`PATCH ${COMPANY}/members/${encodeURIComponent(EMAIL)}`]: { status: 409, body: { message: LAST_OWNER } },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: /^Rui/ });
    await user.click(within(row("Rui")).getByRole("button", { name: /^Change ?the role or limit of Rui$/ }));
    let dialog = screen.getByRole("dialog", { name: "Change Rui" });
    await user.selectOptions(within(dialog).getByLabelText("Role"), "buyer");
    const limit = within(dialog).getByLabelText("Monthly limit in dollars (empty: no limit)");
    await user.clear(limit);
    await user.type(limit, "2500");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: "PATCH",
        path: `${COMPANY}/members/${encodeURIComponent("rui@example.com")}`,
        body: { role: "buyer", monthlyLimit: 2500 },
      },
    ]);

    await user.click(within(row("Ana")).getByRole("button", { name: /^Change ?the role or limit of Ana$/ }));
    dialog = screen.getByRole("dialog", { name: "Change Ana" });
    // Their own limit is another owner's to set: the field is read-only here.
    expect((within(dialog).getByLabelText(/^Monthly limit/) as HTMLInputElement).readOnly).toBe(true);
    expect(within(dialog).getByText("Another owner of your company sets your monthly limit.")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Role"), "requester");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(LAST_OWNER);
    expect(writes(sent).at(-1)?.body).toEqual({ role: "requester", monthlyLimit: null });
  });

  it("says why the last owner cannot leave", async () => {
    renderCompany({
      ...companyRoutes(acme),
      [`DELETE ${COMPANY}/members/${encodeURIComponent(EMAIL)}`]: { status: 409, body: { message: LAST_OWNER } },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: /^Ana/ });
    await user.click(within(row("Ana")).getByRole("button", { name: /^Leave ?Acme Fabrication$/ }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Leave Acme Fabrication?" })).getByRole("button", {
        name: "Leave company",
      }),
    );
    const members = screen.getByRole("region", { name: "Members" });
    expect((await within(members).findByRole("alert")).textContent).toBe(LAST_OWNER);
  });

  it("invites a colleague with a role, and shows a 409 and a field's 400 where they belong", async () => {
    const sent = renderCompany({
      ...companyRoutes(acme),
      [`POST ${COMPANY}/invitations`]: (request) => {
        const { email } = request.body as { email: string };
        if (email === "taken@example.com") {
          return { status: 409, body: { message: "taken@example.com belongs to another company." } };
        }
        if (!email.includes("@")) {
          return {
            status: 400,
            body: {
              message: "email: Provide a Valid Email",
              errors: [{ field: "email", message: "Provide a Valid Email" }],
            },
          };
        }
        return { status: 201, body: { insertedId: "i2" } };
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole("form", { name: "Invite a colleague" });
    const email = within(form).getByLabelText("Colleague's email");
    await user.type(email, "lea");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(messageBeside(email)).toBe("Provide a Valid Email"));

    await user.clear(email);
    await user.type(email, "taken@example.com");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect((await screen.findByText("taken@example.com belongs to another company.")).getAttribute("role")).toBe(
      "alert",
    );

    await user.clear(email);
    await user.type(email, "rosa@example.com");
    await user.selectOptions(within(form).getByLabelText("Role"), "requester");
    await user.click(within(form).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(writes(sent)).toHaveLength(3));
    expect(writes(sent).at(-1)).toEqual({
      method: "POST",
      path: `${COMPANY}/invitations`,
      body: { email: "rosa@example.com", role: "requester" },
    });
    await waitFor(() => expect((email as HTMLInputElement).value).toBe(""));
  });

  it("withdraws a pending invitation, adds and removes a delivery address, and saves the settings with a billing address", async () => {
    const sent = renderCompany({
      ...companyRoutes(acme),
      [`DELETE ${COMPANY}/invitations/i1`]: { body: { deletedCount: 1 } },
      [`POST ${COMPANY}/addresses`]: { status: 201, body: { insertedId: "a2" } },
      [`DELETE ${COMPANY}/addresses/a1`]: { body: { deletedCount: 1 } },
      [`PATCH ${COMPANY}`]: { body: { ...acme, poRequired: true } },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "lea@example.com" });
    await user.click(
      within(row("lea@example.com")).getByRole("button", { name: /^Withdraw ?the invitation to lea@example\.com$/ }),
    );
    const add = await screen.findByRole("form", { name: "Add a delivery address" });
    await user.type(within(add).getByLabelText("Label (a site's name)"), "South yard");
    await user.type(within(add).getByLabelText("Address"), "2 Yard Road");
    await user.type(within(add).getByLabelText("Phone"), "5550101");
    await user.click(within(add).getByRole("button", { name: "Add address" }));
    const yardCard = screen.getByRole("heading", { name: "North yard" }).closest("li") as HTMLElement;
    await user.click(within(yardCard).getByRole("button", { name: /^Remove ?North yard$/ }));
    const settings = screen.getByRole("form", { name: "Settings" });
    await user.type(within(settings).getByLabelText(/^Billing address/), "9 Ledger Lane, Leeds");
    await user.click(within(settings).getByLabelText("PO number required on every order"));
    await user.click(within(settings).getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(writes(sent)).toHaveLength(4));
    expect(writes(sent)).toEqual([
      { method: "DELETE", path: `${COMPANY}/invitations/i1`, body: undefined },
      {
        method: "POST",
        path: `${COMPANY}/addresses`,
        body: { label: "South yard", address: "2 Yard Road", phone: "5550101" },
      },
      { method: "DELETE", path: `${COMPANY}/addresses/a1`, body: undefined },
      {
        method: "PATCH",
        path: COMPANY,
        body: { name: "Acme Fabrication", billingAddress: "9 Ledger Lane, Leeds", poRequired: true },
      },
    ]);
  });
});

describe("/dashboard/company for a requester", () => {
  it("shows the members and addresses, and nothing of what only owners do but Leave", async () => {
    renderCompany(
      companyRoutes({ ...acme, role: "requester", actions: [] }, [
        { ...ana, email: "owner@example.com", name: "Olga" },
        { ...rui, email: EMAIL, name: "Ana" },
      ]),
    );
    await screen.findByRole("rowheader", { name: /^Olga/ });
    expect(
      screen
        .getAllByRole("button")
        .filter((button) => !button.closest(".Toastify"))
        .map((button) => button.textContent),
    ).toEqual(["Leave Acme Fabrication"]);
    expect(screen.getByRole("heading", { name: "North yard" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Invitations" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Settings" })).toBeNull();
  });
});

describe("/dashboard/company's terms on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit')", () => {
  const terms = { netDays: 30, creditLimit: 50_000 } as const;
  const CREDIT = `GET ${COMPANY}/credit`;
  /** The company's facts as the page lists them, [term, description]. */
  const payment = () =>
    screen.getAllByRole("term").find((term) => term.textContent === "Payment")?.nextElementSibling?.textContent;

  it("shows an owner the terms with the credit limit, used and available", async () => {
    renderCompany({
      ...companyRoutes({ ...acme, paymentTerms: terms }),
      [CREDIT]: { body: { paymentTerms: terms, used: 1200, available: 48_800, hold: null } },
    });
    await waitFor(() =>
      expect(payment()).toBe("Terms on account: net 30, credit limit $50,000.00, used $1,200.00, available $48,800.00"),
    );
  });

  it("names the overdue invoice that holds the credit", async () => {
    renderCompany({
      ...companyRoutes({ ...acme, paymentTerms: terms }),
      [CREDIT]: {
        body: {
          paymentTerms: terms,
          used: 50_000,
          available: 0,
          hold: { invoiceNumber: "INV-2030-000003", dueAt: "2030-10-01T09:00:00.000Z" },
        },
      },
    });
    expect(
      await screen.findByText(
        "On hold: invoice INV-2030-000003, due Oct 1, 2030, is more than 30 days overdue. Orders on account wait until it is paid; card orders go ahead.",
      ),
    ).toBeTruthy();
    expect(payment()).toMatch(
      /^Terms on account: net 30, credit limit \$50,000\.00, used \$50,000\.00, available \$0\.00/,
    );
  });

  it("says a company without terms pays by card", async () => {
    const sent = renderCompany(companyRoutes(acme));
    await waitFor(() => expect(payment()).toBe("By card: every order is paid before it ships (no terms on account)"));
    expect(sent.some((request) => request.path === `${COMPANY}/credit`)).toBe(false);
  });

  it("shows a requester the terms without the credit's figures, which are not theirs to read", async () => {
    const sent = renderCompany(companyRoutes({ ...acme, role: "requester", actions: [], paymentTerms: terms }));
    await waitFor(() => expect(payment()).toBe("Terms on account: net 30"));
    expect(sent.some((request) => request.path === `${COMPANY}/credit`)).toBe(false);
  });
});
