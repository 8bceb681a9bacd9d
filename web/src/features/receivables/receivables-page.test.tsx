import type { AdminReceivables, PaymentReceived, ReceivablesCompany } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import ReceivablesPage from "./receivables-page";

const LIST = "GET /api/admin/receivables?limit=50&offset=0";
const PAY = "POST /api/admin/companies/c1/payments";
const noAging = { current: 0, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 };

const acme: ReceivablesCompany = {
  companyId: "c1",
  name: "Acme Fabrication",
  paymentTerms: { netDays: 30, creditLimit: 50_000 },
  used: 5200,
  available: 44_800,
  owed: 5200,
  overdue: 4000,
  aging: { ...noAging, current: 1200, days31To60: 4000 },
  hold: true,
  unallocatedCredit: 0,
};
const bolt: ReceivablesCompany = {
  companyId: "c2",
  name: "Bolt & Co",
  paymentTerms: null,
  used: 0,
  available: 0,
  owed: 300,
  overdue: 0,
  aging: { ...noAging, current: 300 },
  hold: false,
  unallocatedCredit: 50,
};

function receivables(companies: ReceivablesCompany[]): AdminReceivables {
  return {
    asOf: "2027-02-10T12:00:00.000Z",
    totals: {
      owed: 5500,
      overdue: 4000,
      aging: { ...noAging, current: 1500, days31To60: 4000 },
      unallocatedCredit: 50,
    },
    companies,
  };
}

const paid: ReceivablesCompany = {
  ...acme,
  used: 0,
  available: 50_000,
  owed: 0,
  overdue: 0,
  aging: noAging,
  hold: false,
};
const payment: PaymentReceived = {
  _id: "p1",
  amount: 5200,
  receivedAt: "2027-02-10",
  reference: "TRF-2027-0042",
  allocations: [
    { orderId: "o1", number: "FL-100201", invoiceNumber: "INV-2027-000201", amount: 4000 },
    { orderId: "o2", number: "FL-100202", invoiceNumber: "INV-2027-000202", amount: 1200 },
  ],
  creditBalance: 0,
};

function renderAsAdmin(routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem(
    "accessToken",
    tokenWith({ sub: "admin@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  const sent = serveApi(routes);
  renderPage(<ReceivablesPage />, { at: "/dashboard/receivables" });
  return sent;
}

/** A company's row, by the name its row heading starts with. */
const rowOf = (name: string) =>
  [...document.querySelectorAll("tbody th[scope=row]")].find((th) => th.textContent?.startsWith(name))?.closest("tr");
const cells = (name: string) => [...(rowOf(name)?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);
const writes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));

async function openPaymentDialog() {
  const user = userEvent.setup();
  await screen.findByText("Acme Fabrication", { selector: "th" });
  await user.click(within(rowOf("Acme Fabrication") as HTMLElement).getByRole("button", { name: /^Record a payment/ }));
  return { user, dialog: screen.getByRole("dialog", { name: "Record a payment from Acme Fabrication" }) };
}

describe("/dashboard/receivables", () => {
  it("lists every company on account, most overdue first, with its credit, what it owes, the aging and the hold", async () => {
    renderAsAdmin({ [LIST]: { body: receivables([acme, bolt]), headers: { "x-total-count": "2" } } });
    await screen.findByText("Acme Fabrication", { selector: "th" });
    expect(screen.getByText(/companies buy on account\.$/).textContent).toContain(", 2 companies buy on account.");
    const totals = screen.getByRole("table", { name: "What every company owes, by days past due" });
    expect(
      within(totals)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["$5,500.00", "$1,500.00", "$0.00", "$4,000.00", "$0.00", "$0.00"]);
    expect(cells("Acme Fabrication")).toEqual([
      "$5,200.00$44,800.00 available",
      "$5,200.00",
      "$4,000.00",
      "Current (not yet due): $1,200.0031-60 days overdue: $4,000.00",
      "On hold",
      "Record a payment from Acme Fabrication",
    ]);
    expect(rowOf("Acme Fabrication")?.querySelector("th")?.textContent).toBe(
      "Acme FabricationNet 30 · limit $50,000.00",
    );
    expect(screen.getByText("On hold").className).toContain("text-error");
    expect(cells("Bolt & Co")).toEqual([
      "$0.00",
      "$300.00Paid ahead $50.00",
      "$0.00",
      "Current (not yet due): $300.00",
      "No",
      "Record a payment from Bolt & Co",
    ]);
    expect(rowOf("Bolt & Co")?.querySelector("th")?.textContent).toBe("Bolt & CoTerms taken away");
  });

  it("records a transfer that pays the company's invoices; the row then shows nothing owed", async () => {
    let recorded = false;
    const sent = renderAsAdmin({
      [LIST]: () => ({ body: receivables([recorded ? paid : acme]), headers: { "x-total-count": "1" } }),
      [PAY]: () => {
        recorded = true;
        return { status: 201, body: payment };
      },
    });
    const { user, dialog } = await openPaymentDialog();
    const today = new Date().toISOString().slice(0, 10);
    expect((within(dialog).getByLabelText("Received on (UTC)") as HTMLInputElement).value).toBe(today);
    await user.type(within(dialog).getByLabelText("Amount in dollars"), "$5,200.00");
    await user.type(within(dialog).getByLabelText("Transfer reference"), " TRF-2027-0042 ");
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: "/api/admin/companies/c1/payments",
        body: { amount: 5200, receivedAt: today, reference: "TRF-2027-0042" },
      },
    ]);
    expect(
      await screen.findByText(
        "$5,200.00 from Acme Fabrication recorded: paid FL-100201 ($4,000.00) and FL-100202 ($1,200.00).",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(cells("Acme Fabrication")[1]).toBe("$0.00"));
    expect(cells("Acme Fabrication").slice(3, 5)).toEqual(["Nothing owed", "No"]);
  });

  it("puts the same reference twice beside the reference, and the focus there", async () => {
    const sent = renderAsAdmin({
      [LIST]: { body: receivables([acme]), headers: { "x-total-count": "1" } },
      [PAY]: { status: 409, body: { message: "A payment with the reference TRF-7 is recorded already." } },
    });
    const { user, dialog } = await openPaymentDialog();
    await user.type(within(dialog).getByLabelText("Amount in dollars"), "100");
    await user.type(within(dialog).getByLabelText("Transfer reference"), "TRF-7");
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));

    const reference = within(dialog).getByLabelText("Transfer reference");
    await waitFor(() => expect(reference.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(reference.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "A payment with the reference TRF-7 is recorded already.",
    );
    expect(document.activeElement).toBe(reference);
    expect(
      within(dialog)
        .queryAllByRole("alert")
        .map((alert) => alert.textContent),
    ).toEqual(["A payment with the reference TRF-7 is recorded already."]);
    expect(writes(sent)).toHaveLength(1);
  });

  it("checks the amount and the day before sending: each message beside its field", async () => {
    const sent = renderAsAdmin({ [LIST]: { body: receivables([acme]), headers: { "x-total-count": "1" } } });
    const { user, dialog } = await openPaymentDialog();
    await user.type(within(dialog).getByLabelText("Amount in dollars"), "twelve");
    const day = within(dialog).getByLabelText("Received on (UTC)");
    await user.clear(day);
    await user.click(within(dialog).getByRole("button", { name: "Record payment" }));

    const amount = within(dialog).getByLabelText("Amount in dollars");
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("true"));
    const messageOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(messageOf(amount)).toBe("Amount must be an amount in dollars");
    expect(messageOf(day)).toBe("The day received must be a date as YYYY-MM-DD");
    expect(messageOf(within(dialog).getByLabelText("Transfer reference"))).toBe("Reference is Required");
    expect(document.activeElement).toBe(amount);
    expect(writes(sent)).toEqual([]);
  });

  it("points to the companies page while no company buys on account", async () => {
    renderAsAdmin({ [LIST]: { body: receivables([]), headers: { "x-total-count": "0" } } });
    expect(await screen.findByText(/^No company buys on account yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Companies" }).getAttribute("href")).toBe("/dashboard/companies");
  });
});
