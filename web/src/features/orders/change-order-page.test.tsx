import { type Product, withOrderActions } from "@forgeline/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { CHANGE_EMAIL, CHANGE_ORDER_ID, DRILL_ID, drill, drillPreview, orderToChange } from "../../test-order-change";
import { actor, cardOrder } from "../../test-orders";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import ChangeOrderPage from "./change-order-page";

const EMAIL = CHANGE_EMAIL;
const ORDER_ID = CHANGE_ORDER_ID;
const ORDER = `GET /api/ordering/${ORDER_ID}`;
const PREVIEW = `POST /api/ordering/${ORDER_ID}/changes/preview`;
const APPLY = `POST /api/ordering/${ORDER_ID}/changes`;
const order = orderToChange;
const preview = drillPreview;

function renderChangePage() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<ChangeOrderPage />, {
    at: `/dashboard/myorders/${ORDER_ID}/change`,
    path: "/dashboard/myorders/:id/change",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

const pieces = () => screen.findByLabelText("Pieces of Cordless drill");

describe("changing an order after it is placed", () => {
  it("says the tool's rule under its pieces, and refuses an off-rule quantity beside the field and the button", async () => {
    const sent = serveApi({ [ORDER]: { body: order }, [`GET /api/product/${DRILL_ID}`]: { body: drill } });
    renderChangePage();
    expect(await screen.findByText("Order 100 to 500 pieces in steps of 25")).toBeTruthy();
    fireEvent.change(await pieces(), { target: { value: "130" } });
    expect(screen.getByText("Order 100 to 500 pieces in steps of 25: 125 or 150")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    const refusal = await screen.findByText(
      "Correct the pieces of Cordless drill first: Order 100 to 500 pieces in steps of 25: 125 or 150.",
    );
    expect(refusal.getAttribute("role")).toBe("alert");
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(sent.some((request) => request.path.includes("/changes"))).toBe(false);
  });

  it("previews the old and new price of each line and the totals, then confirms on the revision at that total", async () => {
    const sent = serveApi({
      [ORDER]: { body: order },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      [PREVIEW]: { body: preview },
      [APPLY]: { body: { ...order, price: 13350 } },
    });
    renderChangePage();
    fireEvent.change(await pieces(), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    const table = await screen.findByRole("region", { name: "The lines before and after the change" });
    const [, row] = within(table).getAllByRole("row");
    const cells = [...(row?.children ?? [])].map((cell) => cell.textContent);
    expect(cells).toEqual([
      "Cordless drillFL-DRL-20V · Pieces changed",
      "was 100 → , now 150",
      "was $99.00 → , now $89.00",
      "was $9,900.00 → , now $13,350.00",
    ]);
    expect(screen.getByTestId("total-before").textContent).toBe("$9,900.00");
    expect(screen.getByTestId("total-after").textContent).toBe("$13,350.00");
    expect(screen.getByText("+$3,450.00")).toBeTruthy();
    expect(sent.find((request) => request.path.endsWith("/preview"))?.body).toEqual({
      lines: [{ productId: DRILL_ID, quantity: 150 }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Confirm change" }));
    await waitFor(() => expect(currentAddress()).toBe(`/dashboard/myorders/${ORDER_ID}`));
    expect(sent.find((request) => request.method === "POST" && request.path.endsWith("/changes"))?.body).toEqual({
      lines: [{ productId: DRILL_ID, quantity: 150 }],
      revision: 3,
      expectedTotal: 13350,
    });
  });

  it("says before Confirm what a paid order will owe, or get back on the card (decision 076)", async () => {
    serveApi({
      [ORDER]: { body: order },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      [PREVIEW]: { body: { ...preview, money: { owed: 3450, refunded: 0 } } },
    });
    renderChangePage();
    fireEvent.change(await pieces(), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    const owed = await screen.findByText(/^You will owe \$3,450\.00, paid from the order's page\./);
    expect(owed.getAttribute("role")).toBe("status");
    expect(screen.queryByText(/will be refunded to your card/)).toBeNull();
  });

  it("says a change refused because the order changed meanwhile beside Confirm change, focused", async () => {
    const stale = "The order changed since you read it: read it again and make your change on what it is now.";
    serveApi({
      [ORDER]: { body: order },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      [PREVIEW]: { body: preview },
      [APPLY]: { status: 409, body: { message: stale } },
    });
    renderChangePage();
    fireEvent.change(await pieces(), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm change" }));
    const refusal = await screen.findByText(stale);
    expect(refusal.previousElementSibling?.textContent).toBe("Confirm change");
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(currentAddress()).toBe(`/dashboard/myorders/${ORDER_ID}/change`);
  });

  it("removes a line, and takes it back with Keep", async () => {
    serveApi({ [ORDER]: { body: order }, [`GET /api/product/${DRILL_ID}`]: { body: drill } });
    renderChangePage();
    await pieces();
    fireEvent.click(screen.getByRole("button", { name: /^Remove ?Cordless drill$/ }));
    expect(screen.getByText("Removed by this change")).toBeTruthy();
    expect(screen.queryByRole("spinbutton")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /^Keep ?Cordless drill$/ }));
    expect(((await pieces()) as HTMLInputElement).value).toBe("100");
  });

  it("adds a tool by its SKU at its smallest quantity, and says beside Add line a SKU not found", async () => {
    const hammer: Product = {
      ...drill,
      _id: "3c1d2e3f-0000-4000-8000-000000000003",
      name: "Claw hammer",
      sku: "FL-HAM-16",
      quantityRule: { min: 200, max: 800, step: 50 },
    };
    const sent = serveApi({
      [ORDER]: { body: order },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      "GET /api/product?q=FL-HAM-16&limit=8": { body: [hammer] },
      "GET /api/product?q=FL-NOPE&limit=8": { body: [] },
      [PREVIEW]: { body: preview },
    });
    renderChangePage();
    await pieces();
    const sku = screen.getByLabelText("Add a tool by its SKU");
    fireEvent.change(sku, { target: { value: "fl-nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Add line" }));
    expect((await screen.findByText("No tool in the catalogue has the SKU FL-NOPE.")).getAttribute("role")).toBe(
      "alert",
    );
    fireEvent.change(sku, { target: { value: "FL-HAM-16" } });
    fireEvent.click(screen.getByRole("button", { name: "Add line" }));
    const added = (await screen.findByLabelText("Pieces of Claw hammer")) as HTMLInputElement;
    expect(added.value).toBe("200");
    expect(screen.getByText("Order 200 to 800 pieces in steps of 50")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    await waitFor(() =>
      expect(sent.find((request) => request.path.endsWith("/preview"))?.body).toEqual({
        lines: [
          { productId: DRILL_ID, quantity: 100 },
          { productId: hammer._id, quantity: 200 },
        ],
      }),
    );
  });

  it("says why an order that has shipped cannot change, and offers no lines to change", async () => {
    serveApi({
      [ORDER]: { body: withOrderActions(actor(EMAIL), { ...order, ...cardOrder("shipped", 9900), status: "shipped" }) },
    });
    renderChangePage();
    expect((await screen.findByText(/left the warehouse/)).textContent).toBe(
      "This order has left the warehouse: it cannot be changed now.",
    );
    expect(screen.queryByRole("button", { name: "Preview changes" })).toBeNull();
  });

  it("shows a line with pieces shipped as it stays, with no field or Remove, and sends it as it is (decision 079)", async () => {
    const hammerId = "3c1d2e3f-0000-4000-8000-000000000004";
    const [drillLine] = order.lines;
    if (!drillLine) throw new Error("the order has a line");
    const hammerLine = { ...drillLine, productId: hammerId, sku: "FL-HAM-16", name: "Claw hammer", shippedQuantity: 0 };
    const shippedInPart = withOrderActions(actor(EMAIL), {
      ...order,
      ...cardOrder("paid", 9900),
      status: "paid",
      fulfilmentStatus: "partially-shipped",
      lines: [{ ...drillLine, shippedQuantity: 60 }, hammerLine],
    });
    const sent = serveApi({
      [ORDER]: { body: shippedInPart },
      [`GET /api/product/${DRILL_ID}`]: { body: drill },
      [`GET /api/product/${hammerId}`]: { body: { ...drill, _id: hammerId, name: "Claw hammer", sku: "FL-HAM-16" } },
      [PREVIEW]: { body: preview },
    });
    renderChangePage();
    fireEvent.change(await screen.findByLabelText("Pieces of Claw hammer"), { target: { value: "125" } });
    expect(screen.getByText(/100 ordered, 60 shipped/)).toBeTruthy();
    expect(screen.getByText("Shipped in part: this line stays as it is.")).toBeTruthy();
    expect(screen.queryByLabelText("Pieces of Cordless drill")).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove ?Cordless drill/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Preview changes" }));
    await waitFor(() =>
      expect(sent.find((request) => request.path.endsWith("/preview"))?.body).toEqual({
        lines: [
          { productId: DRILL_ID, quantity: 100 },
          { productId: hammerId, quantity: 125 },
        ],
      }),
    );
  });
});
