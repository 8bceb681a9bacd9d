import type { SavedList } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderPage, serveApi, tokenWith } from "../../test-utils";
import ListsPage from "./lists-page";

const LIST: SavedList = {
  _id: "l1",
  name: "Monday crew",
  shared: true,
  userEmail: "ana@example.com",
  companyId: "c1",
  lines: [
    { sku: "FL-DRL-20V", quantity: 100, name: "Cordless Drill", productId: "p1", forSale: true },
    { sku: "FL-OLD-1", quantity: 150, name: "Old Saw", productId: "p2", forSale: false },
  ],
  updatedAt: "2030-01-01T00:00:00.000Z",
  actions: ["update:list", "delete:list"],
};

const CART = { lines: [], subtotal: 0, promotion: null, discount: 0, taxRate: 0, tax: 0, total: 0, pieces: 0 };

/** docs/RECURRING.md, 'Saved lists': the lists' page. */
describe("the saved lists' page", () => {
  beforeEach(() => {
    localStorage.setItem(
      "accessToken",
      tokenWith({ sub: "ana@example.com", exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
  });

  it("shows each list's lines, a tool no longer sold said so, and puts the list in the cart with a report per line", async () => {
    serveApi({
      "GET /api/lists": { body: [LIST] },
      "POST /api/lists/l1/cart": {
        body: {
          report: [
            { row: 1, sku: "FL-DRL-20V", quantity: 100, status: "added", message: "Added 100 pieces" },
            {
              row: 2,
              sku: "FL-OLD-1",
              quantity: 150,
              status: "error",
              message: "Old Saw is no longer in the catalogue",
            },
          ],
          cart: CART,
        },
      },
    });
    renderPage(<ListsPage />);
    const card = await screen.findByRole("region", { name: "Monday crew" });
    expect(card.textContent).toContain("Shared with your company");
    const rows = within(within(card).getByRole("table", { name: "Lines of Monday crew" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "SKUToolPieces",
      "FL-DRL-20VCordless Drill100",
      "FL-OLD-1Old Saw (no longer sold)150",
    ]);
    await userEvent.click(within(card).getByRole("button", { name: "Add to cart" }));
    const report = await within(card).findByRole("status");
    expect(report.textContent).toContain("1 of 2 added to your cart.");
    expect(report.textContent).toContain("FL-OLD-1: Old Saw is no longer in the catalogue");
  });

  it("offers no change to a colleague's shared list, only the cart and the CSV", async () => {
    serveApi({ "GET /api/lists": { body: [{ ...LIST, userEmail: "bo@example.com", actions: [] }] } });
    renderPage(<ListsPage />);
    const card = await screen.findByRole("region", { name: "Monday crew" });
    expect(
      within(card)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Add to cart", "Download CSV"]);
    expect(within(card).queryByText("Change this list")).toBeNull();
  });

  it("changes a line's pieces and removes a line, a refused line's reason beside it and nothing else lost", {
    timeout: 15_000,
  }, async () => {
    const refusal = {
      status: 400,
      body: {
        statusCode: 400,
        error: "Bad Request",
        message: "Order 100 to 500 pieces in steps of 25: 100 or 125",
        errors: [{ field: "lines.0.quantity", message: "Order 100 to 500 pieces in steps of 25: 100 or 125" }],
      },
    };
    let stored = LIST;
    const sent = serveApi({
      "GET /api/lists": () => ({ body: [stored] }),
      "PATCH /api/lists/l1": (request) => {
        const lines = (request.body as { lines: { sku: string; quantity: number }[] }).lines;
        if (lines[0]?.quantity === 110) return refusal;
        stored = {
          ...LIST,
          lines: lines.map((line) => ({ ...line, name: "Cordless Drill", productId: "p1", forSale: true })),
          updatedAt: "2030-01-02T00:00:00.000Z",
        };
        return { body: stored };
      },
    });
    renderPage(<ListsPage />);
    const card = await screen.findByRole("region", { name: "Monday crew" });
    await userEvent.click(within(card).getByText("Change this list"));
    const form = within(card).getByRole("form", { name: "Change the lines of Monday crew" });
    const drill = within(form).getByLabelText("Pieces of FL-DRL-20V");
    await userEvent.clear(drill);
    await userEvent.type(drill, "110");
    await userEvent.click(within(form).getByRole("button", { name: "Remove FL-OLD-1" }));
    expect(within(form).queryByLabelText("Pieces of FL-OLD-1")).toBeNull();
    await userEvent.click(within(form).getByRole("button", { name: "Save lines" }));
    await expect.poll(() => drill.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getByText("Order 100 to 500 pieces in steps of 25: 100 or 125")).toBeTruthy();
    // The refusal keeps what was typed: the line stays removed, the pieces as typed, and the refused box focused.
    expect(document.activeElement).toBe(drill);
    expect((drill as HTMLInputElement).value).toBe("110");

    await userEvent.clear(drill);
    await userEvent.type(drill, "125");
    await userEvent.click(within(form).getByRole("button", { name: "Save lines" }));
    await within(card).findByText("Lines saved.");
    expect(within(card).getByRole("table", { name: "Lines of Monday crew" }).textContent).toContain(
      "FL-DRL-20VCordless Drill125",
    );
    const patches = sent.filter((request) => request.method === "PATCH");
    expect(patches.map((request) => request.body)).toEqual([
      { lines: [{ sku: "FL-DRL-20V", quantity: 110 }] },
      { lines: [{ sku: "FL-DRL-20V", quantity: 125 }] },
    ]);
  });
});
