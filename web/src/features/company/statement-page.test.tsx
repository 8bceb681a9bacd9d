import { type Company, type CompanyStatement, companyActions } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import StatementPage from "./statement-page";

const EMAIL = "bea@example.com";
const MINE = "GET /api/companies/mine";
const FEBRUARY = "GET /api/companies/c1/statement?month=2027-02&openPage=1";
const JANUARY = "GET /api/companies/c1/statement?month=2027-01&openPage=1";

function acme(role: "owner" | "buyer" | "requester"): Company {
  return {
    _id: "c1",
    name: "Acme Fabrication",
    taxId: null,
    taxExempt: false,
    poRequired: false,
    billingAddress: null,
    paymentTerms: { netDays: 30, creditLimit: 50_000 },
    role,
    createdAt: "2026-12-05T09:00:00.000Z",
    actions: companyActions(actor(EMAIL, { id: "c1", role }), "c1"),
  };
}

const overdueInvoice = { orderId: "o1", orderNumber: "FL-100201", number: "INV-2027-000011" };
const newInvoice = { orderId: "o2", orderNumber: "FL-100202", number: "INV-2027-000015" };

/** February 2027 of a buyer of Acme, read on Feb 10: a transfer paid part of an overdue invoice; one more issued. */
const february: CompanyStatement = {
  companyId: "c1",
  companyName: "Acme Fabrication",
  month: "2027-02",
  from: "2027-02-01T00:00:00.000Z",
  to: "2027-03-01T00:00:00.000Z",
  openingBalance: 4000,
  entries: [
    {
      kind: "payment",
      at: "2027-02-03T00:00:00.000Z",
      reference: "TRF-7",
      reason: null,
      invoice: null,
      amount: 1500,
      change: -1500,
      balance: 2500,
    },
    {
      kind: "allocation",
      at: "2027-02-03T09:00:00.000Z",
      reference: "TRF-7",
      reason: null,
      invoice: { ...overdueInvoice, dueAt: "2027-01-19T10:00:00.000Z" },
      amount: 1500,
      change: 0,
      balance: 2500,
    },
    {
      kind: "invoice",
      at: "2027-02-05T10:00:00.000Z",
      reference: newInvoice.number,
      reason: null,
      invoice: { ...newInvoice, dueAt: "2027-03-07T10:00:00.000Z" },
      amount: 1200,
      change: 1200,
      balance: 3700,
    },
  ],
  closingBalance: 3700,
  asOf: "2027-02-10T12:00:00.000Z",
  openInvoices: [
    {
      ...overdueInvoice,
      issuedAt: "2026-12-20T10:00:00.000Z",
      dueAt: "2027-01-19T10:00:00.000Z",
      total: 4000,
      paid: 1500,
      credited: 0,
      balance: 2500,
      daysOverdue: 23,
    },
    {
      ...newInvoice,
      issuedAt: "2027-02-05T10:00:00.000Z",
      dueAt: "2027-03-07T10:00:00.000Z",
      total: 1200,
      paid: 0,
      credited: 0,
      balance: 1200,
      daysOverdue: 0,
    },
  ],
  openPage: 1,
  openInvoiceCount: 2,
  owed: 3700,
  aging: { current: 1200, days1To30: 2500, days31To60: 0, days61To90: 0, over90: 0 },
  credit: { paymentTerms: { netDays: 30, creditLimit: 50_000 }, used: 3700, available: 46_300, hold: null },
  unallocatedCredit: 0,
};

const january: CompanyStatement = {
  ...february,
  month: "2027-01",
  from: "2027-01-01T00:00:00.000Z",
  to: "2027-02-01T00:00:00.000Z",
  openingBalance: 4000,
  entries: [],
  closingBalance: 4000,
};

function renderAs(
  role: "owner" | "buyer" | "requester",
  at = "/dashboard/company/statement",
  answers: Parameters<typeof serveApi>[0] = {},
) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi({
    [MINE]: { body: acme(role) },
    [FEBRUARY]: { body: february },
    [JANUARY]: { body: january },
    "GET /api/companies/c1/statement.pdf?month=2027-02": { body: "%PDF-1.7" },
    "GET /api/companies/c1/statement.csv?month=2027-02": { body: "Date,Kind" },
    ...answers,
  });
  renderPage(<StatementPage />, { at, cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Bea" }]] });
  return sent;
}

/** A list of figures by its name (a `<dl>`, which has no role of its own to find it by). */
const figures = async (label: string) => {
  await screen.findAllByText("Credit used", { selector: "dt" });
  return document.querySelector(`dl[aria-label="${label}"]`) as HTMLElement;
};
const figure = (list: HTMLElement, label: string) =>
  within(list).getByText(label, { selector: "dt" }).closest("div")?.querySelector("dd")?.textContent;
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("/dashboard/company/statement", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-02-10T12:00:00Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a buyer what the company owes now: credit, aging, and the open invoices, the overdue one said so in red", async () => {
    const sent = renderAs("buyer");
    const credit = await figures("Credit");
    expect(sent.map((request) => request.path)).toEqual([
      "/api/companies/mine",
      "/api/companies/c1/statement?month=2027-02&openPage=1",
    ]);
    expect(figure(credit, "Credit limit")).toBe("$50,000.00");
    expect(figure(credit, "Credit used")).toBe("$3,700.00");
    expect(figure(credit, "Credit available")).toBe("$46,300.00");

    const aging = screen.getByRole("table", { name: "What the open invoices owe, by days past due" });
    expect(rowsOf(aging)).toEqual([["All open", "$3,700.00", "$1,200.00", "$2,500.00", "$0.00", "$0.00", "$0.00"]]);
    expect(within(aging).getByText("$2,500.00").className).toContain("text-error");
    expect(within(aging).getByText("$1,200.00").className).not.toContain("text-error");

    const invoices = screen.getByRole("table", { name: "Open invoices, the first due first" });
    expect(rowsOf(invoices)).toEqual([
      [
        "INV-2027-000011Issued Dec 20, 2026",
        "FL-100201",
        "Jan 19, 2027",
        "$4,000.00",
        "$1,500.00",
        "$2,500.00",
        "Overdue, 23 days",
      ],
      [
        "INV-2027-000015Issued Feb 5, 2027",
        "FL-100202",
        "Mar 7, 2027",
        "$1,200.00",
        "$0.00",
        "$1,200.00",
        "Not yet due",
      ],
    ]);
    expect(within(invoices).getByText("Overdue").className).toContain("text-error");
    expect(within(invoices).getByRole("link", { name: "FL-100201" }).getAttribute("href")).toBe(
      "/dashboard/myorders/o1",
    );
  });

  it("lists this month from its opening balance through its payments and invoices to the balance now", async () => {
    renderAs("owner");
    const month = await screen.findByRole("table", { name: /^Statement of February 2027/ });
    expect(screen.getByRole("heading", { name: "Statement of February 2027" })).toBeTruthy();
    expect(rowsOf(month)).toEqual([
      ["Feb 1, 2027", "Opening balance", "", "", "$4,000.00"],
      ["Feb 3, 2027", "Payment received: TRF-7", "", "$1,500.00", "$2,500.00"],
      ["Feb 3, 2027", "TRF-7: $1,500.00 paid against invoice INV-2027-000011", "", "", "$2,500.00"],
      ["Feb 5, 2027", "Invoice INV-2027-000015 for order FL-100202, due 7 March 2027", "$1,200.00", "", "$3,700.00"],
      ["Feb 10, 2027", "Balance now", "", "", "$3,700.00"],
    ]);
    // A narrow card breaks the words, never a code at its hyphen.
    expect(within(month).getByText("FL-100202,").className).toBe("whitespace-nowrap");
    expect(within(month).getByText("INV-2027-000015").className).toBe("whitespace-nowrap");
    expect(screen.getByText("February 2027: 1 invoice and 1 payment received.").getAttribute("role")).toBe("status");
  });

  it("lists a large customer's open invoices a page at a time; the address keeps the page and the month", async () => {
    const many = { ...february, openInvoiceCount: 27 };
    const second = { ...february, openInvoiceCount: 27, openPage: 2, openInvoices: february.openInvoices.slice(1) };
    const sent = renderAs("buyer", undefined, {
      [FEBRUARY]: { body: many },
      "GET /api/companies/c1/statement?month=2027-02&openPage=2": { body: second },
    });
    const pages = await screen.findByRole("navigation", { name: "Pages of the open invoices" });
    expect(within(pages).getByText("Page 1 of 2")).toBeTruthy();
    await userEvent.click(within(pages).getByRole("link", { name: "Next page" }));
    await screen.findByText("Page 2 of 2");
    expect(currentAddress()).toBe("/dashboard/company/statement?month=2027-02&open=2");
    expect(sent.at(-1)?.path).toBe("/api/companies/c1/statement?month=2027-02&openPage=2");
    const open = screen.getByRole("table", { name: /^Open invoices/ });
    expect(rowsOf(open).map((row) => row[0])).toEqual([expect.stringContaining("INV-2027-000015")]);
  });

  it("picks an earlier month, never a future one; the address keeps it and its last day closes it", async () => {
    const sent = renderAs("buyer");
    const picker = (await screen.findByLabelText("Month")) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      "February 2027",
      "January 2027",
      "December 2026",
    ]);
    await userEvent.selectOptions(picker, "2027-01");
    const month = await screen.findByRole("table", { name: /^Statement of January 2027/ });
    expect(currentAddress()).toBe("/dashboard/company/statement?month=2027-01");
    expect(sent.at(-1)?.path).toBe("/api/companies/c1/statement?month=2027-01&openPage=1");
    expect(rowsOf(month)).toEqual([
      ["Jan 1, 2027", "Opening balance", "", "", "$4,000.00"],
      ["Jan 31, 2027", "Closing balance", "", "", "$4,000.00"],
    ]);
    expect(screen.getByText("No invoice, payment or credit note in January 2027.").getAttribute("role")).toBe("status");
  });

  it("opens at the month of its address; a month in the future is this month", async () => {
    const sent = renderAs("buyer", "/dashboard/company/statement?month=2027-05");
    await screen.findByRole("table", { name: /^Statement of February 2027/ });
    expect(sent.at(-1)?.path).toBe("/api/companies/c1/statement?month=2027-02&openPage=1");
  });

  it("downloads the month as a PDF and as CSV, named after the month", async () => {
    const saved: string[] = [];
    // jsdom keeps no files: the link that saves one is followed by its name alone.
    Object.assign(URL, { createObjectURL: () => "blob:statement", revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const sent = renderAs("buyer");
    await screen.findByText("Statement of February 2027", { selector: "h2" });
    // (jsdom joins the visible words and the screen reader's without the space between them.)
    const pdf = screen.getByRole("button", { name: /^Download PDF ?of the statement of February 2027$/ });
    await userEvent.click(pdf);
    await userEvent.click(screen.getByRole("button", { name: /^Download CSV ?of the statement of February 2027$/ }));
    await waitFor(() => expect(saved).toEqual(["statement-2027-02.pdf", "statement-2027-02.csv"]));
    expect(sent.slice(2).map((request) => request.path)).toEqual([
      "/api/companies/c1/statement.pdf?month=2027-02",
      "/api/companies/c1/statement.csv?month=2027-02",
    ]);
    click.mockRestore();
  });

  it("tells a requester that only owners and buyers see it, and asks nothing more", async () => {
    const sent = renderAs("requester");
    await screen.findByText(/^Only the company's owners and buyers see its statement\./);
    expect(sent.map((request) => request.path)).toEqual(["/api/companies/mine"]);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("points a customer in no company to My Company", async () => {
    localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
    serveApi({ [MINE]: { body: null } });
    renderPage(<StatementPage />, { cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Bea" }]] });
    expect(await screen.findByText(/^You are not in a company\./)).toBeTruthy();
  });
});
