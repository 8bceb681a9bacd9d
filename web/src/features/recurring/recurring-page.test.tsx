import type { Schedule } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import RecurringPage from "./recurring-page";

const schedule = (fields: Partial<Schedule> = {}): Schedule => ({
  _id: "s1",
  name: "Monday crew",
  userEmail: "ana@example.com",
  companyId: null,
  from: { listId: "l1", orderId: null },
  every: { weeks: null, months: 1, day: 31 },
  cadence: "Every month on day 31 (the last day of shorter months)",
  startsOn: "2030-01-31",
  status: "active",
  nextRunOn: "2030-03-31",
  paymentMethod: "card",
  phone: "5550100000",
  address: "1 Yard Road",
  addressId: null,
  poNumber: null,
  runs: [
    { runOn: "2030-02-28", status: "failed", orderId: null, reason: "Cordless Drill is no longer in the catalogue" },
    { runOn: "2030-01-31", status: "placed", orderId: "o1", reason: null },
  ],
  actions: ["pause", "skip", "end"],
  ...fields,
});

const LIST = {
  _id: "l1",
  name: "Monday crew",
  shared: false,
  userEmail: "ana@example.com",
  companyId: null,
  lines: [],
  updatedAt: "2030-01-01T00:00:00.000Z",
  actions: [],
};

/** docs/RECURRING.md: the recurring orders' page. */
describe("the recurring orders' page", () => {
  beforeEach(() => {
    localStorage.setItem(
      "accessToken",
      tokenWith({ sub: "ana@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
  });

  it("shows each recurring order's next run, its last run's reason, and the steps it allows", async () => {
    const sent = serveApi({
      "GET /api/recurring": { body: [schedule()] },
      "GET /api/lists": { body: [LIST] },
      "POST /api/recurring/s1/pause": { body: schedule({ status: "paused", actions: ["resume", "end"] }) },
    });
    renderPage(<RecurringPage />);
    const card = await screen.findByRole("region", { name: "Monday crew" });
    expect(card.textContent).toContain("Every month on day 31 (the last day of shorter months)");
    expect(card.textContent).toContain("Mar 31, 2030");
    expect(card.textContent).toContain("Feb 28, 2030: Not placed");
    expect(card.textContent).toContain("Cordless Drill is no longer in the catalogue");
    expect(
      within(card)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Pause", "Skip next run", "End"]);
    await userEvent.click(within(card).getByRole("button", { name: "Pause" }));
    expect(sent.some((request) => request.method === "POST" && request.path === "/api/recurring/s1/pause")).toBe(true);
  });

  it("shows the server's refusal of a field beside it", async () => {
    serveApi({
      "GET /api/recurring": { body: [] },
      "GET /api/lists": { body: [LIST] },
      "POST /api/recurring": {
        status: 400,
        body: {
          statusCode: 400,
          error: "Bad Request",
          message: "startsOn is past: the first run is on 2026-12-02 at the earliest",
          errors: [{ field: "startsOn", message: "startsOn is past: the first run is on 2026-12-02 at the earliest" }],
        },
      },
    });
    renderPage(<RecurringPage />);
    await screen.findByText("No recurring order yet: set one up below.");
    await screen.findByRole("option", { name: "Monday crew" });
    await userEvent.click(screen.getByRole("button", { name: "Set up recurring order" }));
    const startsOn = screen.getByLabelText("First run on");
    await expect.poll(() => startsOn.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("startsOn is past: the first run is on 2026-12-02 at the earliest")).toBeTruthy();
  });

  it("sets up a recurring order of a past order (?order=), from its number, posting from.orderId", async () => {
    const ORDER_ID = "7b0f6d1e-0000-4000-8000-000000000001";
    const sent = serveApi({
      "GET /api/recurring": { body: [] },
      "GET /api/lists": { body: [LIST] },
      [`GET /api/ordering/${ORDER_ID}`]: { body: { _id: ORDER_ID, number: "FL-100234" } },
      "POST /api/recurring": { status: 201, body: { insertedId: "s9" } },
    });
    renderPage(<RecurringPage />, { at: `/dashboard/recurring?order=${ORDER_ID}` });
    const form = await screen.findByRole("form", { name: "Set up a recurring order" });
    const order = await within(form).findByRole("link", { name: "FL-100234" });
    expect(order.parentElement?.textContent).toBe("From: order FL-100234");
    expect(within(form).queryByLabelText("Saved list to order")).toBeNull();
    await userEvent.type(within(form).getByLabelText("Phone"), "5550100000");
    await userEvent.type(within(form).getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(within(form).getByRole("button", { name: "Set up recurring order" }));
    await within(form).findByRole("status");
    const body = sent.find((request) => request.method === "POST")?.body as Record<string, unknown>;
    expect(body.from).toEqual({ orderId: ORDER_ID });
    expect(body.address).toBe("1 Yard Road");

    // A saved list may be chosen instead.
    await userEvent.click(within(form).getByRole("button", { name: "Order a saved list instead" }));
    expect((within(form).getByLabelText("Saved list to order") as HTMLSelectElement).value).toBe("l1");
  });

  it("offers the company's delivery addresses when it keeps them, and sends the one chosen as addressId", async () => {
    const ADDRESS_ID = "5a1d2e3f-0000-4000-8000-000000000002";
    const sent = serveApi({
      "GET /api/recurring": { body: [] },
      "GET /api/lists": { body: [LIST] },
      "GET /api/companies/mine": {
        body: {
          _id: "c1",
          name: "Acme Fabrication",
          taxId: null,
          taxExempt: false,
          poRequired: false,
          role: "buyer",
          createdAt: "2030-01-01T00:00:00.000Z",
          actions: [],
        },
      },
      "GET /api/companies/c1/addresses": {
        body: [
          {
            _id: "5a1d2e3f-0000-4000-8000-000000000001",
            label: "North yard",
            address: "1 Yard Road",
            phone: "5550100",
          },
          { _id: ADDRESS_ID, label: "South yard", address: "2 Yard Road", phone: "5550101" },
        ],
      },
      "POST /api/recurring": { status: 201, body: { insertedId: "s9" } },
    });
    renderPage(<RecurringPage />, {
      cached: [[sessionQuery.queryKey, { email: "ana@example.com", name: "Ana" }]],
    });
    const form = await screen.findByRole("form", { name: "Set up a recurring order" });
    const choice = await within(form).findByRole("group", { name: "Deliver to one of your company's addresses" });
    expect(within(form).queryByLabelText("Delivery address")).toBeNull();
    await screen.findByRole("option", { name: "Monday crew" });
    await userEvent.click(within(choice).getByRole("radio", { name: /South yard/ }));
    // The chosen site's phone, as at the checkout.
    expect((within(form).getByLabelText("Phone") as HTMLInputElement).value).toBe("5550101");
    await userEvent.click(within(form).getByRole("button", { name: "Set up recurring order" }));
    await within(form).findByRole("status");
    const body = sent.find((request) => request.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ from: { listId: "l1" }, phone: "5550101", addressId: ADDRESS_ID });
    expect(body).not.toHaveProperty("address");
  });
});
