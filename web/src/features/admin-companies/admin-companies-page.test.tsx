import type { AdminCompany, ContractPrice } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import AdminCompaniesPage from "./admin-companies-page";

const acme: AdminCompany = {
  _id: "c1",
  name: "Acme Fabrication",
  taxId: null,
  taxExempt: false,
  poRequired: true,
  billingAddress: null,
  paymentTerms: null,
  role: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  actions: [],
  memberCount: 3,
};
const tape: ContractPrice = { sku: "FL-TPM-25", name: "Tape measure", unitPrice: 6.5, listPrice: 7.9 };

function renderAsAdmin(routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem(
    "accessToken",
    tokenWith({ sub: "admin@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  const sent = serveApi(routes);
  renderPage(<AdminCompaniesPage />);
  return sent;
}

const writes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));
const row = () => screen.getByRole("rowheader", { name: "Acme Fabrication" }).closest("tr") as HTMLElement;

describe("/dashboard/companies", () => {
  it("lists every company with its tax ID, members, tax, PO rule and terms on account", async () => {
    const bolt = { ...acme, _id: "c2", name: "Bolt & Co", paymentTerms: { netDays: 30, creditLimit: 50_000 } as const };
    renderAsAdmin({ "GET /api/admin/companies": { body: [acme, bolt] } });
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    expect(
      within(row())
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "—",
      "3",
      "Charged",
      "Required",
      "Card only",
      "Tax exemption of Acme FabricationTerms of Acme FabricationPrice list of Acme Fabrication",
    ]);
    const boltRow = screen.getByRole("rowheader", { name: "Bolt & Co" }).closest("tr") as HTMLElement;
    expect(within(boltRow).getAllByRole("cell")[4]?.textContent).toBe("Net 30 · limit $50,000.00");
  });

  it("marks a company tax-exempt with its tax ID; without one the server's message stands beside the field", async () => {
    let exempt = false;
    const sent = renderAsAdmin({
      "GET /api/admin/companies": () => ({ body: [exempt ? { ...acme, taxExempt: true, taxId: "DE 123/456" } : acme] }),
      "PUT /api/admin/companies/c1/tax-exemption": (request) => {
        if (!(request.body as { taxId?: string }).taxId) {
          return {
            status: 400,
            body: {
              message: "taxId: A tax-exempt company needs its tax ID",
              errors: [{ field: "taxId", message: "A tax-exempt company needs its tax ID" }],
            },
          };
        }
        exempt = true;
        return { body: { ...acme, taxExempt: true, taxId: "DE 123/456" } };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    await user.click(within(row()).getByRole("button", { name: /^Tax exemption/ }));
    const dialog = screen.getByRole("dialog", { name: "Tax exemption of Acme Fabrication" });
    await user.click(within(dialog).getByLabelText("Tax-exempt: its orders carry no tax"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const taxId = within(dialog).getByLabelText("Tax ID");
    await waitFor(() =>
      expect(document.getElementById(taxId.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
        "A tax-exempt company needs its tax ID",
      ),
    );
    expect(document.activeElement).toBe(taxId);
    await user.type(taxId, "DE 123/456");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(row()).getAllByRole("cell")[2]?.textContent).toBe("Exempt"));
    expect(writes(sent)).toEqual([
      { method: "PUT", path: "/api/admin/companies/c1/tax-exemption", body: { taxExempt: true } },
      {
        method: "PUT",
        path: "/api/admin/companies/c1/tax-exemption",
        body: { taxExempt: true, taxId: "DE 123/456" },
      },
    ]);
  });

  it("shows a price list, refuses a file with bad rows naming each, and replaces the list with a good file", async () => {
    const sent = renderAsAdmin({
      "GET /api/admin/companies": { body: [acme] },
      "GET /api/admin/companies/c1/prices": { body: [] },
      "PUT /api/admin/companies/c1/prices.csv": (request) =>
        String(request.body).includes("FL-NOPE")
          ? {
              status: 400,
              body: {
                message: "Row 3: no tool has SKU FL-NOPE; Row 4: the unit price must be more than $0",
                errors: [
                  { field: "row 3", message: "Row 3: no tool has SKU FL-NOPE" },
                  { field: "row 4", message: "Row 4: the unit price must be more than $0" },
                ],
              },
            }
          : { body: [tape] },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    await user.click(within(row()).getByRole("button", { name: /^Price list/ }));
    const heading = screen.getByRole("heading", { name: "Price list of Acme Fabrication" });
    expect(document.activeElement).toBe(heading);
    expect(await screen.findByText("No contract prices yet.")).toBeTruthy();
    const upload = screen.getByRole("form", { name: "Upload a price list for Acme Fabrication" });
    const file = within(upload).getByLabelText("CSV file with sku and unitPrice columns (as the download)");

    await user.click(within(upload).getByRole("button", { name: "Upload price list" }));
    expect(within(upload).getByRole("alert").textContent).toBe("Choose a CSV file");

    const bad = "sku,unitPrice\nFL-TPM-25,6.50\nFL-NOPE,1\nFL-TPM-25,0\n";
    await user.upload(file, new File([bad], "prices.csv", { type: "text/csv" }));
    await user.click(within(upload).getByRole("button", { name: "Upload price list" }));
    const refusal = await screen.findByText(/^Nothing changed/);
    expect(
      within(refusal.closest("[role=alert]") as HTMLElement)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Row 3: no tool has SKU FL-NOPE", "Row 4: the unit price must be more than $0"]);

    const good = "sku,unitPrice\nFL-TPM-25,6.50\n";
    await user.upload(file, new File([good], "prices.csv", { type: "text/csv" }));
    await user.click(within(upload).getByRole("button", { name: "Upload price list" }));
    const priced = await screen.findByRole("rowheader", { name: "FL-TPM-25" });
    expect(
      within(priced.closest("tr") as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Tape measure", "$6.50", "$7.90"]);
    expect(screen.queryByText(/^Nothing changed/)).toBeNull();
    expect(writes(sent)).toEqual([
      { method: "PUT", path: "/api/admin/companies/c1/prices.csv", body: bad },
      { method: "PUT", path: "/api/admin/companies/c1/prices.csv", body: good },
    ]);
  });
});

describe("terms on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit')", () => {
  const LIMIT = "Credit limit in dollars";
  const limitError = (dialog: HTMLElement) =>
    document.getElementById(within(dialog).getByLabelText(LIMIT).getAttribute("aria-describedby") ?? "")?.textContent;

  it("checks the terms as the contract does before sending, then sends them; the row shows them", async () => {
    let terms: AdminCompany["paymentTerms"] = null;
    const sent = renderAsAdmin({
      "GET /api/admin/companies": () => ({ body: [{ ...acme, paymentTerms: terms }] }),
      "PATCH /api/admin/companies/c1": (request) => {
        terms = (request.body as { paymentTerms: AdminCompany["paymentTerms"] }).paymentTerms;
        return { body: { ...acme, paymentTerms: terms } };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    await user.click(within(row()).getByRole("button", { name: /^Terms/ }));
    const dialog = screen.getByRole("dialog", { name: "Terms on account of Acme Fabrication" });
    const limit = within(dialog).getByLabelText(LIMIT) as HTMLInputElement;
    // No terms yet: card only, and no limit to give.
    expect((within(dialog).getByLabelText("Payment terms") as HTMLSelectElement).value).toBe("");
    expect(limit.disabled).toBe(true);
    expect(
      within(dialog)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No terms (card only)", ...[7, 15, 30, 45, 60, 90].map((days) => `Net ${days}`)]);

    await user.selectOptions(within(dialog).getByLabelText("Payment terms"), "30");
    expect(limit.disabled).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(limitError(dialog)).toBe("Credit limit must be an amount in dollars"));
    expect(document.activeElement).toBe(limit);
    await user.type(limit, "-5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(limitError(dialog)).toBe("Credit limit cannot be negative"));
    await user.clear(limit);
    await user.type(limit, "12.345");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(limitError(dialog)).toBe("Credit limit must be an amount in dollars with at most two decimals"),
    );
    expect(writes(sent)).toEqual([]);

    await user.clear(limit);
    await user.type(limit, "$50,000");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(row()).getAllByRole("cell")[4]?.textContent).toBe("Net 30 · limit $50,000.00"));
    expect(writes(sent)).toEqual([
      { method: "PATCH", path: "/api/admin/companies/c1", body: { paymentTerms: { netDays: 30, creditLimit: 50000 } } },
    ]);
  });

  it("shows the server's refusal beside its field, which takes the focus", async () => {
    renderAsAdmin({
      "GET /api/admin/companies": { body: [acme] },
      "PATCH /api/admin/companies/c1": {
        status: 400,
        body: {
          message: "paymentTerms.creditLimit: Credit limit is at most $100,000,000",
          errors: [{ field: "paymentTerms.creditLimit", message: "Credit limit is at most $100,000,000" }],
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    await user.click(within(row()).getByRole("button", { name: /^Terms/ }));
    const dialog = screen.getByRole("dialog", { name: "Terms on account of Acme Fabrication" });
    await user.selectOptions(within(dialog).getByLabelText("Payment terms"), "60");
    await user.type(within(dialog).getByLabelText(LIMIT), "1000");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(limitError(dialog)).toBe("Credit limit is at most $100,000,000"));
    expect(document.activeElement).toBe(within(dialog).getByLabelText(LIMIT));
    // Every message stands beside its field: none above the form.
    expect(
      within(dialog)
        .getAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual(["Credit limit is at most $100,000,000"]);
  });

  it("takes a company's terms away: it pays by card again", async () => {
    let terms: AdminCompany["paymentTerms"] = { netDays: 45, creditLimit: 20_000 };
    const sent = renderAsAdmin({
      "GET /api/admin/companies": () => ({ body: [{ ...acme, paymentTerms: terms }] }),
      "PATCH /api/admin/companies/c1": () => {
        terms = null;
        return { body: acme };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole("rowheader", { name: "Acme Fabrication" });
    await user.click(within(row()).getByRole("button", { name: /^Terms/ }));
    const dialog = screen.getByRole("dialog", { name: "Terms on account of Acme Fabrication" });
    expect((within(dialog).getByLabelText("Payment terms") as HTMLSelectElement).value).toBe("45");
    expect((within(dialog).getByLabelText(LIMIT) as HTMLInputElement).value).toBe("20000");
    await user.selectOptions(within(dialog).getByLabelText("Payment terms"), "");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(row()).getAllByRole("cell")[4]?.textContent).toBe("Card only"));
    expect(writes(sent)).toEqual([{ method: "PATCH", path: "/api/admin/companies/c1", body: { paymentTerms: null } }]);
  });
});
