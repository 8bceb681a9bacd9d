import type { Schedule } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
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
});
