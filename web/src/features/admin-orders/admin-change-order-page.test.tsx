import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CHANGE_ORDER_ID, DRILL_ID, drill, drillPreview, orderToChange } from "../../test-order-change";
import { inTheBackOffice } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import AdminChangeOrderPage from "./admin-change-order-page";

const ORDER = `GET /api/admin/orders/${CHANGE_ORDER_ID}`;
const order = inTheBackOffice(orderToChange);

function renderChangePage() {
  localStorage.setItem(
    "accessToken",
    tokenWith({ sub: "owner@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  return renderPage(<AdminChangeOrderPage />, {
    at: `/dashboard/orders/${CHANGE_ORDER_ID}/change`,
    path: "/dashboard/orders/:id/change",
  });
}

describe("an admin changes an order", () => {
  it("previews a rise on the admin's routes, says it waits for the buyer, and confirms on its revision", async () => {
    const sent = serveApi({
      [ORDER]: { body: order },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      [`POST /api/admin/orders/${CHANGE_ORDER_ID}/changes/preview`]: { body: drillPreview },
      [`POST /api/admin/orders/${CHANGE_ORDER_ID}/changes`]: { body: order },
    });
    renderChangePage();
    fireEvent.change(await screen.findByLabelText("Pieces of Cordless drill"), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    expect((await screen.findByText(/^It raises the total by/)).textContent).toBe(
      "It raises the total by $3,450.00: confirmed, it waits for the buyer's acceptance, and they are mailed a " +
        "link to accept or decline it.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    await waitFor(() => expect(currentAddress()).toBe(`/dashboard/orders/${CHANGE_ORDER_ID}`));
    expect(sent.find((request) => request.path.endsWith("/changes"))?.body).toEqual({
      lines: [{ productId: DRILL_ID, quantity: 150 }],
      revision: 3,
      expectedTotal: 13350,
    });
  });
});
