import type { Cart, CartLine } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { currentAddress, renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import CartPage from "./cart-page";

const EMAIL = "ana@example.com";
const WRENCH = "3c1d2e3f-0000-4000-8000-000000000002";
const LEVEL = "3c1d2e3f-0000-4000-8000-000000000003";

const wrench: CartLine = {
  productId: WRENCH,
  sku: "FL-TW-150",
  name: "Torque wrench",
  quantity: 150,
  listUnitPrice: 24.5,
  unitPrice: 22,
  priceSource: "tier",
  discount: 1320,
  total: 3300,
  quantityRule: { min: 100, max: 200, step: 25 },
  stock: 180,
  image: "/images/wrench.webp",
};
const level: CartLine = {
  productId: LEVEL,
  sku: "FL-BBL-48",
  name: "Box beam level",
  quantity: 100,
  listUnitPrice: 30,
  unitPrice: 30,
  priceSource: "list",
  discount: 1200,
  total: 3000,
  quantityRule: { min: 100, max: 200, step: 1 },
  stock: 500,
  image: "/images/level.webp",
};
/** The server's figures (never worked out by the page): 40% off 250 pieces, 8% tax. */
const cart: Cart = {
  lines: [wrench, level],
  pieces: 250,
  subtotal: 6300,
  promotion: { _id: "promo-2", name: "40% off orders of 200 pieces or more", percent: 40 },
  discount: 2520,
  taxRate: 8,
  tax: 302.4,
  total: 4082.4,
};
const emptyCart: Cart = {
  lines: [],
  pieces: 0,
  subtotal: 0,
  promotion: null,
  discount: 0,
  taxRate: 8,
  tax: 0,
  total: 0,
};

function renderCart() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<CartPage />, {
    at: "/cart",
    path: "/cart",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

const line = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("li") as HTMLElement;
/** The figures under the lines, as [term, value] pairs. */
const totals = () =>
  within(screen.getByText("Subtotal").closest("dl") as HTMLElement)
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
const writes = (sent: SentRequest[]) =>
  sent.filter((request) => request.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));

describe("the cart page", () => {
  it("shows each line as the server priced it: picture, name, SKU, quantity, unit price and its source, line total", async () => {
    serveApi({ "GET /api/cart": { body: cart } });
    renderCart();
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Your cart");
    await screen.findByRole("heading", { name: "Torque wrench" });

    const first = line("Torque wrench");
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/images/wrench.webp");
    expect(first.textContent).toContain("SKU FL-TW-150");
    expect((within(first).getByLabelText("Quantity of Torque wrench") as HTMLInputElement).value).toBe("150");
    expect(within(first).getByText("Order 100 to 200 pieces in steps of 25 · 180 in stock")).toBeTruthy();
    expect(
      within(first)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ["Unit price", "$22.00volume pricelist price $24.50"],
      ["Line total", "$3,300.00"],
    ]);
    expect(within(first).getByText("$24.50").tagName).toBe("S");
    // A list price shows alone: no source, nothing struck through.
    expect(within(line("Box beam level")).getByText("Unit price").nextElementSibling?.textContent).toBe("$30.00");
    expect(line("Box beam level").querySelector("s")).toBeNull();

    expect(screen.getByText("2 lines, 250 pieces")).toBeTruthy();
    expect(totals()).toEqual([
      ["Subtotal", "$6,300.00"],
      ["40% off orders of 200 pieces or more", "−$2,520.00"],
      ["Tax (8%)", "$302.40"],
      ["Total", "$4,082.40"],
    ]);
  });

  it("shows no tax line when no tax is charged", async () => {
    serveApi({ "GET /api/cart": { body: { ...cart, taxRate: 0, tax: 0, total: 3780 } } });
    renderCart();
    await screen.findByRole("heading", { name: "Torque wrench" });
    expect(totals().map(([term]) => term)).toEqual(["Subtotal", "40% off orders of 200 pieces or more", "Total"]);
  });

  it("says when the cart is empty and points to the tools", async () => {
    serveApi({ "GET /api/cart": { body: emptyCart } });
    renderCart();
    expect((await screen.findByText(/Your cart is empty/)).textContent).toBe("Your cart is empty. Browse the tools");
    expect(screen.getByRole("link", { name: "Browse the tools" }).getAttribute("href")).toBe("/availableProducts");
    expect(screen.queryByRole("button", { name: "Place order" })).toBeNull();
  });

  it("moves a quantity by the rule's step, stops at the top the stock allows, and shows the server's new cart", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      [`PUT /api/cart/lines/${WRENCH}`]: (request) => {
        const { quantity } = request.body as { quantity: number };
        return { body: { ...cart, lines: [{ ...wrench, quantity, total: quantity * 22 }, level] } };
      },
    });
    renderCart();
    const user = userEvent.setup();
    const plus = await screen.findByRole("button", { name: "25 more pieces of Torque wrench" });
    await user.click(plus);
    await expect
      .poll(() => within(line("Torque wrench")).getByText("Line total").nextElementSibling?.textContent)
      .toBe("$3,850.00");
    // The field takes the server's quantity a render after the totals: wait for it as a person would see it.
    await expect.poll(() => (screen.getByLabelText("Quantity of Torque wrench") as HTMLInputElement).value).toBe("175");
    // 200 would be above the 180 in stock: plus says it is unavailable, keeps the focus and sends nothing.
    expect(plus.getAttribute("aria-disabled")).toBe("true");
    await user.click(plus);
    expect(document.activeElement).toBe(plus);
    await user.click(screen.getByRole("button", { name: "25 fewer pieces of Torque wrench" }));
    await expect.poll(() => writes(sent).length).toBe(2);
    expect(writes(sent)).toEqual([
      { method: "PUT", path: `/api/cart/lines/${WRENCH}`, body: { quantity: 175 } },
      { method: "PUT", path: `/api/cart/lines/${WRENCH}`, body: { quantity: 150 } },
    ]);
  });

  it("takes only an allowed quantity in the field, naming the nearest ones, and sends it on Enter", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      [`PUT /api/cart/lines/${WRENCH}`]: { body: { ...cart, lines: [{ ...wrench, quantity: 125 }, level] } },
    });
    renderCart();
    const user = userEvent.setup();
    const field = await screen.findByLabelText("Quantity of Torque wrench");
    await user.clear(field);
    await user.type(field, "110{Enter}");
    const refusal = within(line("Torque wrench")).getByRole("alert");
    expect(refusal.textContent).toBe("Order 100 to 175 pieces in steps of 25: 100 or 125");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain(refusal.id);
    await user.clear(field);
    await user.type(field, "200{Enter}");
    expect(within(line("Torque wrench")).getByRole("alert").textContent).toBe(
      "Order at most 175 pieces (180 in stock)",
    );
    expect(writes(sent)).toEqual([]);

    await user.clear(field);
    await user.type(field, "125{Enter}");
    await expect
      .poll(() => writes(sent))
      .toEqual([{ method: "PUT", path: `/api/cart/lines/${WRENCH}`, body: { quantity: 125 } }]);
    expect(within(line("Torque wrench")).queryByRole("alert")).toBeNull();
  });

  it("shows the server's refusal of a quantity beside the field and keeps the quantity it has", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      [`PUT /api/cart/lines/${LEVEL}`]: {
        status: 409,
        body: { message: "Only 120 pieces of Box beam level are in stock" },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "1 more pieces of Box beam level" }));
    expect((await within(line("Box beam level")).findByRole("alert")).textContent).toBe(
      "Only 120 pieces of Box beam level are in stock",
    );
    expect((screen.getByLabelText("Quantity of Box beam level") as HTMLInputElement).value).toBe("100");
  });

  it("removes a line and puts the focus back on the cart's heading", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      [`DELETE /api/cart/lines/${WRENCH}`]: {
        body: {
          ...cart,
          lines: [level],
          pieces: 100,
          subtotal: 3000,
          promotion: null,
          discount: 0,
          tax: 240,
          total: 3240,
        },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Remove ?Torque wrench$/ }));
    await expect.poll(() => screen.queryByRole("heading", { name: "Torque wrench" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 }));
    expect(await screen.findByText("Removed Torque wrench from your cart")).toBeTruthy();
    expect(totals()).toEqual([
      ["Subtotal", "$3,000.00"],
      ["Tax (8%)", "$240.00"],
      ["Total", "$3,240.00"],
    ]);
    expect(writes(sent)).toEqual([{ method: "DELETE", path: `/api/cart/lines/${WRENCH}`, body: undefined }]);
  });
});

describe("the checkout", () => {
  async function fillIn(user: ReturnType<typeof userEvent.setup>, po = "") {
    await user.type(await screen.findByLabelText("Phone"), "+1 555 0100");
    await user.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    if (po) await user.type(screen.getByLabelText("PO number (optional, up to 35 characters)"), po);
  }

  it("says what is wrong beside each field, placing nothing", async () => {
    const sent = serveApi({ "GET /api/cart": { body: cart } });
    renderCart();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("PO number (optional, up to 35 characters)"), "P".repeat(36));
    await user.click(screen.getByRole("button", { name: "Place order" }));
    const form = screen.getByRole("form", { name: "Checkout" });
    expect((await within(form).findAllByRole("alert")).map((message) => message.textContent)).toEqual([
      "Phone is Required",
      "Address is Required",
      "A PO number has at most 35 characters",
    ]);
    expect(screen.getByLabelText("Phone").getAttribute("aria-describedby")).toBe(
      within(form).getByText("Phone is Required").id,
    );
    expect(document.activeElement).toBe(screen.getByLabelText("Phone"));
    expect(writes(sent)).toEqual([]);
  });

  it("places the order with the total shown, then goes to its payment page with a toast", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": { status: 201, body: { success: true, insertedId: "o9" } },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user, "PO-7781");
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/payment/o9");
    expect(await screen.findByText("Your order is placed")).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: "/api/cart/checkout",
        body: { phone: "+1 555 0100", address: "1 Yard Road", poNumber: "PO-7781", expectedTotal: 4082.4 },
      },
    ]);
    // The cart (now empty, and the navbar's count with it) is fetched again.
    expect(sent.filter((request) => request.path === "/api/cart")).toHaveLength(2);
  });

  it("leaves out an empty PO number", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": { status: 201, body: { success: true, insertedId: "o9" } },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/payment/o9");
    expect(writes(sent)[0]?.body).toEqual({ phone: "+1 555 0100", address: "1 Yard Road", expectedTotal: 4082.4 });
  });

  it("shows the new cart and the server's message when a price changed, placing nothing", async () => {
    const repriced: Cart = { ...cart, promotion: null, discount: 0, tax: 504, total: 6804 };
    serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": {
        status: 409,
        body: { message: "The total of your order changed to $6,804.00.", cart: repriced },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    const alert = await screen.findByText(/The total of your order changed/);
    expect(alert.closest("[role=alert]")?.textContent).toBe(
      "The total of your order changed to $6,804.00. Check the new total and place the order again.",
    );
    expect(totals()).toEqual([
      ["Subtotal", "$6,300.00"],
      ["Tax (8%)", "$504.00"],
      ["Total", "$6,804.00"],
    ]);
    expect(currentAddress()).toBe("/cart");
  });

  it("sends the new total when the buyer places the order again", async () => {
    const repriced: Cart = { ...cart, promotion: null, discount: 0, tax: 504, total: 6804 };
    let tries = 0;
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": () =>
        ++tries === 1
          ? { status: 409, body: { message: "The total of your order changed.", cart: repriced } }
          : { status: 201, body: { success: true, insertedId: "o9" } },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await screen.findByText(/The total of your order changed/);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/payment/o9");
    expect(writes(sent).map((request) => (request.body as { expectedTotal: number }).expectedTotal)).toEqual([
      4082.4, 6804,
    ]);
  });

  it("tells the buyer which line stops the order (409 without a new cart)", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": {
        status: 409,
        body: { message: "You already have an unpaid order for Torque wrench" },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    expect((await screen.findByText("You already have an unpaid order for Torque wrench")).getAttribute("role")).toBe(
      "alert",
    );
  });

  it("puts the server's field errors beside their fields", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/cart/checkout": {
        status: 400,
        body: {
          message: "phone: Provide a valid phone number",
          errors: [
            { field: "phone", message: "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters" },
          ],
        },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    const message = await screen.findByText(
      "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters",
    );
    expect(screen.getByLabelText("Phone").getAttribute("aria-describedby")).toBe(message.id);
  });
});

describe("a company member's checkout", () => {
  const company = {
    _id: "c1",
    name: "Acme Fabrication",
    taxId: null,
    taxExempt: false,
    poRequired: true,
    role: "requester",
    createdAt: "2030-01-01T00:00:00.000Z",
    actions: [],
  };
  const ADDRESS_ID = "5a1d2e3f-0000-4000-8000-000000000001";
  const sites = [
    { _id: ADDRESS_ID, label: "North yard", address: "1 Yard Road", phone: "5550100" },
    { _id: "5a1d2e3f-0000-4000-8000-000000000002", label: "South yard", address: "2 Yard Road", phone: "5550101" },
  ];

  it("offers the company's delivery addresses, says the PO number is required, and sends addressId", async () => {
    const sent = serveApi({
      "GET /api/cart": {
        body: { ...cart, lines: [{ ...wrench, priceSource: "contract", unitPrice: 20, total: 3000 }] },
      },
      "GET /api/companies/mine": { body: company },
      "GET /api/companies/c1/addresses": { body: sites },
      "POST /api/cart/checkout": {
        status: 201,
        body: { success: true, insertedId: "o9", status: "awaiting-approval" },
      },
    });
    renderCart();
    const user = userEvent.setup();
    // The contract price, named as such.
    expect(await screen.findByText("your contract price")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Checkout" });
    const choice = await within(form).findByRole("group", { name: "Deliver to one of your company's addresses" });
    expect(within(form).queryByLabelText("Delivery address")).toBeNull();
    expect(within(form).getByText(/^As a requester, your order goes to an owner of Acme Fabrication/)).toBeTruthy();

    // Nothing chosen, no PO number: both said beside their fields, nothing sent.
    await user.click(within(form).getByRole("button", { name: "Place order" }));
    expect((await within(form).findAllByRole("alert")).map((message) => message.textContent)).toEqual([
      "Phone is Required",
      "Choose one of your company's delivery addresses",
      "A PO number is required",
    ]);
    expect(writes(sent)).toEqual([]);

    // Choosing a site fills in its phone when none is given.
    await user.click(within(choice).getByRole("radio", { name: /South yard/ }));
    expect((within(form).getByLabelText("Phone") as HTMLInputElement).value).toBe("5550101");
    await user.type(within(form).getByLabelText("PO number (required, up to 35 characters)"), "PO-7781");
    await user.click(within(form).getByRole("button", { name: "Place order" }));
    // An order that waits for approval goes to its own page, not to the payment.
    await expect.poll(currentAddress).toBe("/dashboard/myorders/o9");
    expect(
      await screen.findByText("Your order is placed and awaits approval by an owner of your company"),
    ).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: "/api/cart/checkout",
        body: {
          phone: "5550101",
          addressId: "5a1d2e3f-0000-4000-8000-000000000002",
          poNumber: "PO-7781",
          expectedTotal: 4082.4,
        },
      },
    ]);
  });

  it("shows the server's PO refusal beside the PO field", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      // The company asks for PO numbers since the page loaded: the server says so.
      "GET /api/companies/mine": { body: { ...company, poRequired: false, role: "buyer" } },
      "GET /api/companies/c1/addresses": { body: [] },
      "POST /api/cart/checkout": {
        status: 400,
        body: {
          message: "A PO number is required",
          errors: [{ field: "poNumber", message: "A PO number is required" }],
        },
      },
    });
    renderCart();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Phone"), "+1 555 0100");
    await user.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await user.click(screen.getByRole("button", { name: "Place order" }));
    const message = await screen.findByText("A PO number is required");
    expect(screen.getByLabelText("PO number (optional, up to 35 characters)").getAttribute("aria-describedby")).toBe(
      message.id,
    );
  });
});

describe("a refused cart", () => {
  it("signs out and goes to /login when the sign-in no longer stands (401)", async () => {
    serveApi({
      "GET /api/cart": { status: 401, body: { message: "Sign in again" } },
      [`PUT /api/user/${encodeURIComponent(EMAIL)}`]: { status: 401, body: { message: "No session" } },
    });
    renderCart();
    await expect.poll(currentAddress).toBe("/login");
  });

  it("says why, without signing out, when the account has no cart (403)", async () => {
    serveApi({ "GET /api/cart": { status: 403, body: { message: "Only customers have a cart" } } });
    renderCart();
    const message = await screen.findByText("We could not load the cart: Only customers have a cart");
    expect(message.closest("[role=alert]")).toBeTruthy();
    expect(currentAddress()).toBe("/cart");
  });
});

describe("Request a quote (docs/SELLING-TO-BUSINESSES.md, 'Quotes')", () => {
  it("sends the cart for a quote with the buyer's note, then opens the quote's page", async () => {
    const user = userEvent.setup();
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/quotes": { status: 201, body: { insertedId: "q1" } },
    });
    renderCart();
    const form = await screen.findByRole("form", { name: "Request a quote" });
    await user.type(within(form).getByLabelText("Note for the quote (optional)"), "300 wrenches next month?");
    await user.click(within(form).getByRole("button", { name: "Request a quote" }));
    expect(await screen.findByText("/dashboard/quotes/q1")).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: "POST", path: "/api/quotes", body: { note: "300 wrenches next month?" } }]);
  });

  it("shows the server's refusal of the note beside it", async () => {
    const user = userEvent.setup();
    const message = "A note cannot hold control characters";
    serveApi({
      "GET /api/cart": { body: cart },
      "POST /api/quotes": { status: 400, body: { statusCode: 400, message, errors: [{ field: "note", message }] } },
    });
    renderCart();
    const form = await screen.findByRole("form", { name: "Request a quote" });
    await user.type(within(form).getByLabelText("Note for the quote (optional)"), "x");
    await user.click(within(form).getByRole("button", { name: "Request a quote" }));
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(within(form).getByLabelText("Note for the quote (optional)").getAttribute("aria-invalid")).toBe("true");
  });
});
