import type { Cart, CartFillAnswer, CartFillRow } from "@forgeline/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import QuickOrderPage from "./quick-order-page";

const EMAIL = "quinn@example.com";
const IMPORT = "POST /api/cart/import";
const emptyCart: Cart = {
  lines: [],
  pieces: 0,
  subtotal: 0,
  promotion: null,
  discount: 0,
  taxRate: 0,
  tax: 0,
  total: 0,
};
const RULE = "The quantity must be 100 to 500 pieces in steps of 25: 100 or 125";

const row = (overrides: Partial<CartFillRow> & Pick<CartFillRow, "row" | "sku">): CartFillRow => ({
  quantity: 100,
  status: "added",
  message: "",
  ...overrides,
});
const answer = (report: CartFillRow[]): { body: CartFillAnswer } => ({ body: { report, cart: emptyCart } });

function renderQuickOrder(routes: Parameters<typeof serveApi>[0]) {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  const sent = serveApi(routes);
  renderPage(<QuickOrderPage />, { cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Quinn" }]] });
  return sent;
}

const imports = (sent: SentRequest[]) => sent.filter((request) => `${request.method} ${request.path}` === IMPORT);

describe("QuickOrderPage", () => {
  it("sends pasted rows as text, shows every row's outcome, and puts the refused row among the rows to fix", async () => {
    const user = userEvent.setup();
    const sent = renderQuickOrder({
      [IMPORT]: answer([
        row({ row: 1, sku: "FL-DRL-20V", quantity: 150 }),
        row({ row: 2, sku: "FL-HAM-16", quantity: 110, status: "error", message: RULE }),
        row({ row: 3, sku: "FL-SDS-6", quantity: 100 }),
      ]),
    });
    const pasted = "FL-DRL-20V\t150\nFL-HAM-16\t110\nFL-SDS-6\t100";
    fireEvent.change(screen.getByLabelText(/^Rows of SKU and quantity/), { target: { value: pasted } });
    await user.click(screen.getByRole("button", { name: "Add pasted rows to cart" }));

    expect(await screen.findByRole("heading", { name: "2 rows added, 1 refused" })).toBeTruthy();
    expect(imports(sent).map((request) => request.body)).toEqual([{ text: pasted }]);
    const report = screen.getByRole("table", { name: "Report" });
    expect(
      within(report)
        .getAllByRole("row")
        .slice(1)
        .map((tr) => tr.textContent),
    ).toEqual(["1FL-DRL-20V150Added", `2FL-HAM-16110Refused${RULE}`, "3FL-SDS-6100Added"]);
    expect(screen.getByRole("link", { name: "Go to your cart" }).getAttribute("href")).toBe("/cart");

    // The refused row is the one row to fix, its message beside both fields; the paste box is empty again.
    const rows = within(screen.getByRole("list", { name: "Rows to add" })).getAllByRole("listitem");
    expect(rows).toHaveLength(1);
    const quantity = screen.getByLabelText("Pieces, row 1") as HTMLInputElement;
    expect((screen.getByLabelText("SKU, row 1") as HTMLInputElement).value).toBe("FL-HAM-16");
    expect(quantity.value).toBe("110");
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(quantity.getAttribute("aria-describedby") ?? "")?.textContent).toBe(RULE);
    expect((screen.getByLabelText(/^Rows of SKU and quantity/) as HTMLTextAreaElement).value).toBe("");
  });

  it("sends typed rows with a header, keeps the refused one with its message, and clears the rows once all are added", async () => {
    const user = userEvent.setup();
    let call = 0;
    const sent = renderQuickOrder({
      [IMPORT]: () =>
        ++call === 1
          ? answer([
              row({ row: 2, sku: "FL-TPM-25", quantity: 200 }),
              row({ row: 3, sku: "FL-HAM-16", quantity: 110, status: "error", message: RULE }),
            ])
          : answer([row({ row: 2, sku: "FL-HAM-16", quantity: 125 })]),
    });
    await user.type(screen.getByLabelText("SKU, row 1"), "fl-tpm-25");
    await user.type(screen.getByLabelText("Pieces, row 1"), "200");
    await user.type(screen.getByLabelText("SKU, row 2"), "FL-HAM-16");
    await user.type(screen.getByLabelText("Pieces, row 2"), "110");
    await user.click(screen.getByRole("button", { name: "Add rows to cart" }));

    expect(await screen.findByRole("heading", { name: "1 row added, 1 refused" })).toBeTruthy();
    expect(imports(sent)[0]?.body).toEqual({ text: "SKU\tQuantity\nfl-tpm-25\t200\nFL-HAM-16\t110" });
    // The report numbers the typed rows as the page does (the header row sent first is not one of them).
    expect(
      within(screen.getByRole("table", { name: "Report" }))
        .getAllByRole("row")
        .slice(1)
        .map((tr) => tr.firstElementChild?.textContent),
    ).toEqual(["1", "2"]);
    expect((screen.getByLabelText("SKU, row 1") as HTMLInputElement).value).toBe("FL-HAM-16");
    expect(screen.getByText(RULE, { selector: "li p" })).toBeTruthy();

    // Fixed and sent again: only that row goes; once added, three blank rows wait for the next tools.
    const quantity = screen.getByLabelText("Pieces, row 1");
    await user.clear(quantity);
    await user.type(quantity, "125");
    expect(screen.queryByText(RULE, { selector: "li p" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add rows to cart" }));
    expect(await screen.findByRole("heading", { name: "1 row added, 0 refused" })).toBeTruthy();
    expect(imports(sent)[1]?.body).toEqual({ text: "SKU\tQuantity\nFL-HAM-16\t125" });
    expect(within(screen.getByRole("list", { name: "Rows to add" })).getAllByRole("listitem")).toHaveLength(3);
    expect((screen.getByLabelText("SKU, row 1") as HTMLInputElement).value).toBe("");
  });

  it("counts a repeated SKU's rows in the report, and keeps each typed row of it when its sum is refused", async () => {
    const user = userEvent.setup();
    const STOCK = "Only 150 in stock (rows 2, 4 of FL-HAM-16 summed)";
    renderQuickOrder({
      [IMPORT]: answer([
        row({
          row: 2,
          sku: "FL-HAM-16",
          quantity: 200,
          status: "error",
          message: STOCK,
          summed: { count: 2, rows: [2, 4] },
        }),
        row({ row: 3, sku: "FL-TPM-25", quantity: 100 }),
      ]),
    });
    await user.click(screen.getByRole("button", { name: "Add a row" }));
    for (const [number, sku, pieces] of [
      [1, "FL-HAM-16", "100"],
      [2, "FL-TPM-25", "100"],
      [3, " fl-ham-16", "100"],
    ] as const) {
      await user.type(screen.getByLabelText(`SKU, row ${number}`), sku);
      await user.type(screen.getByLabelText(`Pieces, row ${number}`), pieces);
    }
    await user.click(screen.getByRole("button", { name: "Add rows to cart" }));

    expect(await screen.findByRole("heading", { name: "1 row added, 2 refused" })).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: "Rows to add" })).getAllByRole("listitem");
    expect(rows.map((item) => item.querySelector("p")?.textContent)).toEqual([STOCK, STOCK]);
    expect((screen.getByLabelText("SKU, row 2") as HTMLInputElement).value).toBe(" fl-ham-16");
  });

  it("shows a text refused as a whole (400 on `text`) beside the paste box, with nothing reported", async () => {
    const user = userEvent.setup();
    const message = "This is not text: send the rows of a spreadsheet or a CSV file";
    renderQuickOrder({
      [IMPORT]: { status: 400, body: { statusCode: 400, message, errors: [{ field: "text", message }] } },
    });
    const box = screen.getByLabelText(/^Rows of SKU and quantity/);
    fireEvent.change(box, { target: { value: "\u0000\u0001" } });
    await user.click(screen.getByRole("button", { name: "Add pasted rows to cart" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("table", { name: "Report" })).toBeNull();
  });

  it("suggests tools from the catalogue's search as one types in a SKU field", async () => {
    const user = userEvent.setup();
    const sent = renderQuickOrder({
      "GET /api/product?q=hammer&limit=8": {
        body: [{ _id: "p1", name: "Forgeline 16 oz Claw Hammer", sku: "FL-HAM-16" }],
      },
    });
    const sku = screen.getByLabelText("SKU, row 1");
    await user.type(sku, "hammer");
    const list = document.getElementById(sku.getAttribute("list") ?? "") as HTMLElement;
    await expect.poll(() => list.querySelector("option")?.getAttribute("value")).toBe("FL-HAM-16");
    expect(list.querySelector("option")?.textContent).toBe("Forgeline 16 oz Claw Hammer");
    // Asked once typing paused, not once a letter.
    expect(sent.filter((request) => request.path.startsWith("/api/product"))).toHaveLength(1);
  });

  it("sends a chosen CSV file's text", async () => {
    const user = userEvent.setup();
    const sent = renderQuickOrder({ [IMPORT]: answer([row({ row: 2, sku: "FL-SDS-6", quantity: 100 })]) });
    const csv = "sku,qty\nFL-SDS-6,100\n";
    await user.upload(screen.getByLabelText(/^CSV file/), new File([csv], "order.csv", { type: "text/csv" }));
    expect(await screen.findByRole("heading", { name: "1 row added, 0 refused" })).toBeTruthy();
    expect(imports(sent)[0]?.body).toEqual({ text: csv });
  });
});
