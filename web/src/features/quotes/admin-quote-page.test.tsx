import { type AdminQuote, BACK_OFFICE, type QuotePreview, quoteActions, type TodayPrice } from "@forgeline/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import AdminQuotePage, { EXPIRY_IN_FUTURE, endOfDay, PRICE_ABOVE_ZERO } from "./admin-quote-page";
import AdminQuotesPage from "./admin-quotes-page";
import { CONFIRM_DEARER } from "./today-price";

const ADMIN = "owner@example.com";
const QUOTE_ID = "9a0f6d1e-0000-4000-8000-000000000001";
const LIST = "GET /api/admin/quotes";
const ONE = `GET /api/admin/quotes/${QUOTE_ID}`;
const SEND = `POST /api/admin/quotes/${QUOTE_ID}/send`;
const PREVIEW = `POST /api/admin/quotes/${QUOTE_ID}/preview`;

const figures = { promotion: null, discount: 0, taxRate: 0, tax: 0 };
/** Today: 150 wrenches at the 150+ tier's $22.00, 100 levels at the company's $10.50, then 5% off. */
const today: TodayPrice = {
  lines: [
    {
      productId: "p1",
      sku: "FL-TW-150",
      name: "Torque wrench",
      quantity: 150,
      listUnitPrice: 24.5,
      unitPrice: 22,
      priceSource: "tier",
      tierFrom: 150,
      discount: 165,
      total: 3300,
    },
    {
      productId: "p2",
      sku: "FL-BBL-48",
      name: "Box beam level",
      quantity: 100,
      listUnitPrice: 12,
      unitPrice: 10.5,
      priceSource: "contract",
      tierFrom: null,
      discount: 52.5,
      total: 1050,
    },
  ],
  pieces: 250,
  subtotal: 4350,
  ...figures,
  promotion: { _id: "promo", name: "5% off 250 pieces", percent: 5 },
  discount: 217.5,
  total: 4132.5,
};

/** The server's answer to typed prices: their total, and whether it is above today's $4,132.50. */
function previewOf(total: number): QuotePreview {
  const quoted = { lines: [], pieces: 250, subtotal: total, ...figures, total };
  return { quoted, today, dearer: total > today.total };
}
/** What the server would price: $24.50 and $12.00 come to $4,875.00, $21.00 and $9.50 to $4,100.00. */
const PREVIEWS = {
  [PREVIEW]: (request: SentRequest) => {
    const [first] = (request.body as { lines: { unitPrice: number }[] }).lines;
    return { body: previewOf(first?.unitPrice === 24.5 ? 4875 : 4100) };
  },
};

/** A quote as an admin route answers it: with whether the admin may price it, worked out as the server does. */
const inTheBackOffice = (quote: AdminQuote): AdminQuote => ({
  ...quote,
  actions: quoteActions({ email: ADMIN, role: "admin", company: null }, { ...quote, ...BACK_OFFICE }),
});

const requested: AdminQuote = inTheBackOffice({
  _id: QUOTE_ID,
  status: "requested",
  userEmail: "bea@example.com",
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
  actions: [],
  today,
});

function renderAdmin(
  page: React.ReactNode,
  routes: Parameters<typeof serveApi>[0],
  at = `/dashboard/quotes/${QUOTE_ID}`,
) {
  localStorage.setItem("accessToken", tokenWith({ sub: ADMIN, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const requests = serveApi(routes);
  renderPage(page, {
    at,
    path: at.includes(QUOTE_ID) ? "/dashboard/quotes/:id" : "/dashboard/quotes",
    cached: [[sessionQuery.queryKey, { email: ADMIN, name: "Owner" }]],
  });
  return requests;
}

const sends = (requests: SentRequest[]) => requests.filter((request) => `${request.method} ${request.path}` === SEND);
/** yyyy-mm-dd, `days` from today in this time zone. */
const day = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

describe("the admins' quotes", () => {
  it("lists every quote with its buyer and status, linking to its pricing", async () => {
    renderAdmin(<AdminQuotesPage />, { [LIST]: { body: [requested] } }, "/dashboard/quotes");
    const [row] = (await screen.findAllByRole("row")).slice(1);
    expect(row?.textContent).toBe("Torque wrench + 1 moreto pricebea@example.comJan 1, 2030Waiting for a price——");
    expect(
      within(row as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe(`/dashboard/quotes/${QUOTE_ID}`);
  });

  it("refuses a price of $0 or less and an expiry in the past beside their fields, sending nothing", async () => {
    const user = userEvent.setup();
    const requests = renderAdmin(<AdminQuotePage />, { [ONE]: { body: requested } });
    const wrench = await screen.findByLabelText("Unit price of Torque wrench ($)");
    await user.type(wrench, "0");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "-2");
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: day(-1) } });
    await user.click(screen.getByRole("button", { name: "Send quote" }));

    expect(screen.getAllByText(PRICE_ABOVE_ZERO)).toHaveLength(2);
    expect(screen.getByText(EXPIRY_IN_FUTURE)).toBeTruthy();
    expect(wrench.getAttribute("aria-invalid")).toBe("true");
    expect(sends(requests)).toEqual([]);
  });

  it("sends a price per line, the end of the chosen day and the note", async () => {
    const user = userEvent.setup();
    const requests = renderAdmin(<AdminQuotePage />, {
      [ONE]: { body: requested },
      [SEND]: { body: { ...requested, status: "sent", revision: 1 } },
      ...PREVIEWS,
    });
    await user.type(await screen.findByLabelText("Unit price of Torque wrench ($)"), "21.00");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "9.5");
    const expiry = day(14);
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: expiry } });
    await user.type(screen.getByLabelText("Note to the buyer (optional)"), "Our best price");
    // Below today's total: no confirmation asked, none sent.
    expect(await screen.findByText("$4,100.00")).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send quote" }));

    await expect.poll(() => sends(requests).length).toBe(1);
    expect(sends(requests)[0]?.body).toEqual({
      lines: [
        { productId: "p1", unitPrice: 21 },
        { productId: "p2", unitPrice: 9.5 },
      ],
      expiresAt: endOfDay(expiry).toISOString(),
      note: "Our best price",
    });
  });

  it("shows the server's refusal of a line's price beside it", async () => {
    const user = userEvent.setup();
    const message = "The unit price has at most 2 decimals";
    renderAdmin(<AdminQuotePage />, {
      [ONE]: { body: requested },
      ...PREVIEWS,
      [SEND]: {
        status: 400,
        body: { statusCode: 400, message, errors: [{ field: "lines.1.unitPrice", message }] },
      },
    });
    await user.type(await screen.findByLabelText("Unit price of Torque wrench ($)"), "21");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "9.555");
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText("Unit price of Box beam level ($)").getAttribute("aria-invalid")).toBe("true");
  });

  it("offers no form once the buyer has decided", async () => {
    renderAdmin(<AdminQuotePage />, {
      [ONE]: { body: inTheBackOffice({ ...requested, status: "accepted", orderId: "o1" }) },
    });
    expect(await screen.findByText(/The buyer has accepted this quote/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Send/ })).toBeNull();
  });

  it("shows beside each price what the buyer pays today and why, and today's total beside the quote's", async () => {
    renderAdmin(<AdminQuotePage />, { [ONE]: { body: requested }, ...PREVIEWS });
    const wrench = (await screen.findByLabelText("Unit price of Torque wrench ($)")).closest("li") as HTMLElement;
    expect(within(wrench).getByText(/^Today:/).textContent).toBe("Today: $22.00 each (150+ tier)");
    const level = screen.getByLabelText("Unit price of Box beam level ($)").closest("li") as HTMLElement;
    expect(within(level).getByText(/^Today:/).textContent).toBe("Today: $10.50 each (contract price)");
    expect(screen.getByTestId("today-total").textContent).toBe("$4,132.50");
    expect(screen.getByTestId("quote-total").textContent).toBe("Price every line");
    expect(screen.getByText(/after 5% off 250 pieces/)).toBeTruthy();
  });

  it("asks to confirm a quote dearer than today's total before sending it, and sends the confirmation", async () => {
    const user = userEvent.setup();
    const requests = renderAdmin(<AdminQuotePage />, {
      [ONE]: { body: requested },
      [SEND]: { body: { ...requested, status: "sent", revision: 1 } },
      ...PREVIEWS,
    });
    await user.type(await screen.findByLabelText("Unit price of Torque wrench ($)"), "24.50");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "12");
    await expect.poll(() => screen.queryByTestId("quote-total")?.textContent).toBe("$4,875.00");
    const confirm = screen.getByRole("checkbox", { name: "Send it at $4,875.00, dearer than today's $4,132.50" });
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    expect(screen.getByText(CONFIRM_DEARER)).toBeTruthy();
    expect(sends(requests)).toEqual([]);

    await user.click(confirm);
    expect(screen.queryByText(CONFIRM_DEARER)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    await expect.poll(() => sends(requests).length).toBe(1);
    expect(sends(requests)[0]?.body).toMatchObject({ confirmDearer: true });
  });

  it("shows the server's refusal of a dearer quote beside the form", async () => {
    const user = userEvent.setup();
    const message =
      "This quote comes to $4,875.00, more than the $4,132.50 the buyer would pay for these lines today: " +
      "confirm that you mean to send it dearer.";
    // The prices are sent before the server has priced them here: its 409 says what the page had not yet.
    renderAdmin(<AdminQuotePage />, {
      [ONE]: { body: requested },
      [SEND]: { status: 409, body: { statusCode: 409, error: "Conflict", message } },
    });
    await user.type(await screen.findByLabelText("Unit price of Torque wrench ($)"), "24.50");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "12");
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    expect((await screen.findByText(message)).getAttribute("role")).toBe("alert");
  });
});
