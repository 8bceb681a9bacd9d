import { companyActions, type Quote, quoteActions } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor, listLine, pricedOrder } from "../../test-orders";
import { currentAddress, renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import QuotePage from "./quote-page";
import QuotesPage from "./quotes-page";

const EMAIL = "bea@example.com";
const QUOTE_ID = "9a0f6d1e-0000-4000-8000-000000000001";
const ORDER_ID = "7b0f6d1e-0000-4000-8000-000000000009";
const QUOTE = `GET /api/quotes/${QUOTE_ID}`;

/**
 * A quote as the server sends its buyer, with what they may do to it; `sent` priced at $21.00 a wrench (150)
 * and $9.50 a level (100).
 */
export function quoteOf(overrides: Partial<Omit<Quote, "actions">> = {}): Quote {
  const quote: Omit<Quote, "actions"> = {
    _id: QUOTE_ID,
    status: "requested",
    userEmail: EMAIL,
    companyId: null,
    note: "Can you do better on 150 wrenches?",
    shopNote: null,
    lines: [
      { productId: "p1", sku: "FL-TW-150", name: "Torque wrench", quantity: 150, listUnitPrice: 24.5, unitPrice: null },
      { productId: "p2", sku: "FL-BBL-48", name: "Box beam level", quantity: 100, listUnitPrice: 12, unitPrice: null },
    ],
    priced: null,
    revision: 0,
    expiresAt: null,
    createdAt: "2030-01-01T12:00:00.000Z",
    sentAt: null,
    orderId: null,
    ...overrides,
  };
  return { ...quote, actions: quoteActions(actor(EMAIL), quote) };
}

const sent = quoteOf({
  status: "sent",
  shopNote: "Our best price for this run",
  revision: 1,
  expiresAt: "2030-02-01T23:59:59.000Z",
  sentAt: "2030-01-02T12:00:00.000Z",
  lines: quoteOf().lines.map((line) => ({ ...line, unitPrice: line.productId === "p1" ? 21 : 9.5 })),
  priced: {
    ...pricedOrder(
      [
        {
          ...listLine({ productId: "p1", name: "Torque wrench", quantity: 150, unitPrice: 21, total: 3150 }),
          listUnitPrice: 24.5,
          priceSource: "quote",
        },
        {
          ...listLine({ productId: "p2", name: "Box beam level", quantity: 100, unitPrice: 9.5, total: 950 }),
          listUnitPrice: 12,
          priceSource: "quote",
        },
      ],
      4100,
    ),
    pieces: 250,
    total: 4100,
  },
});

function renderAt(page: React.ReactNode, routes: Parameters<typeof serveApi>[0], at = `/dashboard/quotes/${QUOTE_ID}`) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const requests = serveApi({ "GET /api/companies/mine": { body: null }, ...routes });
  renderPage(page, {
    at,
    path: at.includes(QUOTE_ID) ? "/dashboard/quotes/:id" : "/dashboard/quotes",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Bea" }]],
  });
  return requests;
}

const posts = (requests: SentRequest[]) => requests.filter((request) => request.method === "POST");

describe("the buyer's quotes", () => {
  it("lists each quote with its status, total once priced and expiry, linking to its page", async () => {
    renderAt(<QuotesPage />, { "GET /api/quotes": { body: [sent, quoteOf({ _id: "q2" })] } }, "/dashboard/quotes");
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Torque wrench + 1 moreJan 1, 2030Priced$4,100.00Feb 1, 2030",
      "Torque wrench + 1 moreJan 1, 2030Waiting for a price——",
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe(`/dashboard/quotes/${QUOTE_ID}`);
  });

  it("shows a quote waiting for its price with the lines as asked, and nothing to accept", async () => {
    renderAt(<QuotePage />, { [QUOTE]: { body: quoteOf() } });
    expect(await screen.findByText(/We are pricing this quote/)).toBeTruthy();
    expect(screen.getByRole("region", { name: "Quote lines" }).textContent).toContain("$24.50");
    expect(screen.queryByRole("form", { name: "Accept this quote" })).toBeNull();
    // No document before a price: the server would refuse it.
    expect(screen.queryByRole("button", { name: "Download quote (PDF)" })).toBeNull();
  });

  it("accepts a priced quote with where the order goes, then opens the order's payment", async () => {
    const user = userEvent.setup();
    const requests = renderAt(<QuotePage />, {
      [QUOTE]: { body: sent },
      [`POST /api/quotes/${QUOTE_ID}/accept`]: {
        status: 201,
        body: { success: true, insertedId: ORDER_ID, status: "unpaid" },
      },
    });
    const form = await screen.findByRole("form", { name: "Accept this quote" });
    expect(screen.getByText("Our best price for this run")).toBeTruthy();
    expect(screen.getAllByText("$4,100.00").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Download quote (PDF)" })).toBeTruthy();
    // The checkout's own checks first: nothing is sent without a phone and an address.
    await user.click(within(form).getByRole("button", { name: "Accept and place the order" }));
    expect(await within(form).findByText("Phone is Required")).toBeTruthy();
    expect(posts(requests)).toEqual([]);

    await user.type(within(form).getByLabelText("Phone"), "+1 555-010-4000");
    await user.type(within(form).getByLabelText("Delivery address"), "21 Quote Street, Springfield");
    await user.type(within(form).getByLabelText(/PO number/), "PO-77");
    await user.click(within(form).getByRole("button", { name: "Accept and place the order" }));
    await expect.poll(() => currentAddress()).toBe(`/dashboard/payment/${ORDER_ID}`);
    expect(posts(requests).map((request) => [request.path, request.body])).toEqual([
      [
        `/api/quotes/${QUOTE_ID}/accept`,
        { phone: "+1 555-010-4000", address: "21 Quote Street, Springfield", poNumber: "PO-77", revision: 1 },
      ],
    ]);
  });

  it("accepts a priced quote on account when the company has terms: the order opens on its page, nothing to pay", async () => {
    const user = userEvent.setup();
    const terms = { netDays: 45, creditLimit: 20_000 } as const;
    const requests = renderAt(<QuotePage />, {
      "GET /api/companies/mine": {
        body: {
          _id: "c1",
          name: "Acme Fabrication",
          taxId: null,
          taxExempt: false,
          poRequired: false,
          billingAddress: null,
          paymentTerms: terms,
          role: "owner",
          createdAt: "2030-01-01T00:00:00.000Z",
          actions: companyActions(actor(EMAIL, { id: "c1", role: "owner" }), "c1"),
        },
      },
      "GET /api/companies/c1/addresses": { body: [] },
      "GET /api/companies/c1/credit": { body: { paymentTerms: terms, used: 0, available: 20_000, hold: null } },
      [QUOTE]: { body: sent },
      [`POST /api/quotes/${QUOTE_ID}/accept`]: {
        status: 201,
        body: { success: true, insertedId: ORDER_ID, status: "unpaid" },
      },
    });
    const form = await screen.findByRole("form", { name: "Accept this quote" });
    const group = await within(form).findByRole("group", { name: "How to pay" }, { timeout: 5000 });
    expect(await within(group).findByText("$20,000.00 of credit left")).toBeTruthy();
    expect(
      within(form).getByText("You pay the quoted total by card once the order is placed, or by invoice on account."),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText("Phone"), "+1 555-010-4000");
    await user.type(within(form).getByLabelText("Delivery address"), "21 Quote Street, Springfield");
    await user.click(within(group).getByRole("radio", { name: /^Pay by invoice \(net 45\)/ }));
    await user.click(within(form).getByRole("button", { name: "Accept and place the order" }));
    await expect.poll(() => currentAddress()).toBe(`/dashboard/myorders/${ORDER_ID}`);
    expect(
      await screen.findByText("Quote accepted: your order is placed on account: its invoice comes when it ships"),
    ).toBeTruthy();
    expect(posts(requests).map((request) => request.body)).toEqual([
      { phone: "+1 555-010-4000", address: "21 Quote Street, Springfield", paymentMethod: "invoice", revision: 1 },
    ]);
  });

  it("shows the server's refusal of a field beside it, and an expired quote's 409 above the form", async () => {
    const user = userEvent.setup();
    let call = 0;
    renderAt(<QuotePage />, {
      [QUOTE]: { body: sent },
      [`POST /api/quotes/${QUOTE_ID}/accept`]: () =>
        ++call === 1
          ? {
              status: 400,
              body: {
                statusCode: 400,
                message: "A PO number is required",
                errors: [{ field: "poNumber", message: "A PO number is required" }],
              },
            }
          : { status: 409, body: { statusCode: 409, message: "This quote has expired" } },
    });
    const form = await screen.findByRole("form", { name: "Accept this quote" });
    await user.type(within(form).getByLabelText("Phone"), "5550104000");
    await user.type(within(form).getByLabelText("Delivery address"), "21 Quote Street");
    await user.click(within(form).getByRole("button", { name: "Accept and place the order" }));
    const po = within(form).getByLabelText(/PO number/);
    expect(await within(form).findByText("A PO number is required")).toBeTruthy();
    expect(po.getAttribute("aria-invalid")).toBe("true");

    await user.type(po, "PO-1");
    await user.click(within(form).getByRole("button", { name: "Accept and place the order" }));
    expect((await screen.findByText("This quote has expired")).getAttribute("role")).toBe("alert");
  });

  it("declines after the buyer confirms", async () => {
    const user = userEvent.setup();
    let current = sent;
    const requests = renderAt(<QuotePage />, {
      [QUOTE]: () => ({ body: current }),
      [`POST /api/quotes/${QUOTE_ID}/decline`]: () => {
        current = quoteOf({ ...sent, status: "declined" });
        return { body: current };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Decline this quote" }));
    const dialog = screen.getByRole("dialog", { name: "Decline this quote?" });
    await user.click(within(dialog).getByRole("button", { name: "Decline quote" }));
    expect(await screen.findByText("Declined")).toBeTruthy();
    expect(posts(requests).map((request) => request.path)).toEqual([`/api/quotes/${QUOTE_ID}/decline`]);
    expect(screen.queryByRole("form", { name: "Accept this quote" })).toBeNull();
  });
});
