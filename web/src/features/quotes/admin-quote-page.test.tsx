import type { Quote } from "@forgeline/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import AdminQuotePage, { EXPIRY_IN_FUTURE, endOfDay, PRICE_ABOVE_ZERO } from "./admin-quote-page";
import AdminQuotesPage from "./admin-quotes-page";

const ADMIN = "owner@example.com";
const QUOTE_ID = "9a0f6d1e-0000-4000-8000-000000000001";
const LIST = "GET /api/admin/quotes";
const SEND = `POST /api/admin/quotes/${QUOTE_ID}/send`;

const requested: Quote = {
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
};

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
    const requests = renderAdmin(<AdminQuotePage />, { [LIST]: { body: [requested] } });
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
      [LIST]: { body: [requested] },
      [SEND]: { body: { ...requested, status: "sent", revision: 1 } },
    });
    await user.type(await screen.findByLabelText("Unit price of Torque wrench ($)"), "21.00");
    await user.type(screen.getByLabelText("Unit price of Box beam level ($)"), "9.5");
    const expiry = day(14);
    fireEvent.change(screen.getByLabelText(/^Valid until/), { target: { value: expiry } });
    await user.type(screen.getByLabelText("Note to the buyer (optional)"), "Our best price");
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
      [LIST]: { body: [requested] },
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
    renderAdmin(<AdminQuotePage />, { [LIST]: { body: [{ ...requested, status: "accepted", orderId: "o1" }] } });
    expect(await screen.findByText(/The buyer has accepted this quote/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Send/ })).toBeNull();
  });
});
