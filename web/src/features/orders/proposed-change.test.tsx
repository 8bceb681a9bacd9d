import type { Order } from "@forgeline/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { CHANGE_EMAIL, CHANGE_ORDER_ID, drillPreview, orderToChange } from "../../test-order-change";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import MyOrderPage from "./my-order-page";

const ORDER = `GET /api/ordering/${CHANGE_ORDER_ID}`;
const ACCEPT = `POST /api/ordering/${CHANGE_ORDER_ID}/proposed-change/accept`;
const CHANGE_ID = "9a8b7c6d-0000-4000-8000-000000000009";

/** The buyer's order with an admin's change to 150 drills waiting for them (decision 078). */
const waiting: Order = {
  ...orderToChange,
  proposedChange: {
    _id: CHANGE_ID,
    revision: 3,
    proposedAt: "2030-01-02T09:30:00.000Z",
    lines: drillPreview.lines,
    before: drillPreview.before,
    after: drillPreview.after,
    difference: drillPreview.difference,
  },
};

function renderOrderPage() {
  localStorage.setItem("accessToken", tokenWith({ sub: CHANGE_EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<MyOrderPage />, {
    at: `/dashboard/myorders/${CHANGE_ORDER_ID}`,
    path: "/dashboard/myorders/:id",
    cached: [[sessionQuery.queryKey, { email: CHANGE_EMAIL, name: "Ana" }]],
  });
}

describe("an admin's change waiting for the buyer", () => {
  it("shows the lines before and after and the new total, and accepts it by its id", async () => {
    const accepted = { ...orderToChange, quantity: 150, price: 13350, proposedChange: null };
    const sent = serveApi({
      // Read again after the answer: the order as accepted.
      [ORDER]: () => ({ body: sent.some((request) => request.method === "POST") ? accepted : waiting }),
      [ACCEPT]: { body: accepted },
    });
    renderOrderPage();
    const panel = await screen.findByRole("region", { name: "A change waits for your acceptance" });
    expect(panel.textContent).toContain("the total would be $13,350.00 instead of $9,900.00");
    const table = within(panel).getByRole("region", { name: "The lines before and after the change" });
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("was 100 → , now 150");
    fireEvent.click(within(panel).getByRole("button", { name: "Accept the change" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "A change waits for your acceptance" })).toBeNull(),
    );
    expect(sent.find((request) => request.method === "POST")).toMatchObject({
      path: `/api/ordering/${CHANGE_ORDER_ID}/proposed-change/accept`,
      body: { changeId: CHANGE_ID },
    });
  });

  it("says a refusal under Accept and Decline, focused", async () => {
    const stale = "The order changed since this change was proposed, so it can no longer be accepted.";
    serveApi({ [ORDER]: { body: waiting }, [ACCEPT]: { status: 409, body: { message: stale } } });
    renderOrderPage();
    const panel = await screen.findByRole("region", { name: "A change waits for your acceptance" });
    fireEvent.click(within(panel).getByRole("button", { name: "Accept the change" }));
    const refusal = await within(panel).findByText(stale);
    expect(refusal.getAttribute("role")).toBe("alert");
    expect(refusal.previousElementSibling?.textContent).toBe("Accept the changeDecline");
    await waitFor(() => expect(document.activeElement).toBe(refusal));
  });

  it("offers no buttons to who may read the order but not change it", async () => {
    serveApi({ [ORDER]: { body: { ...waiting, actions: [] } } });
    renderOrderPage();
    const panel = await screen.findByRole("region", { name: "A change waits for your acceptance" });
    expect(within(panel).queryAllByRole("button")).toEqual([]);
  });
});
