import { type Cart, type Company, type CompanyCredit, type CompanyRole, companyActions } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor } from "../../test-orders";
import { currentAddress, renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import CartPage from "./cart-page";

const EMAIL = "ana@example.com";
const cart: Cart = {
  lines: [
    {
      productId: "3c1d2e3f-0000-4000-8000-000000000002",
      sku: "FL-TW-150",
      name: "Torque wrench",
      quantity: 150,
      listUnitPrice: 24.5,
      unitPrice: 24.5,
      priceSource: "list",
      discount: 0,
      total: 3675,
      quantityRule: { min: 100, max: 200, step: 25 },
      stock: 180,
      image: "/images/wrench.webp",
    },
  ],
  pieces: 150,
  subtotal: 3675,
  promotion: null,
  discount: 0,
  taxRate: 0,
  tax: 0,
  total: 3675,
};
const acme = (role: CompanyRole): Company => ({
  _id: "c1",
  name: "Acme Fabrication",
  taxId: null,
  taxExempt: false,
  poRequired: false,
  billingAddress: null,
  paymentTerms: { netDays: 30, creditLimit: 50_000 },
  role,
  createdAt: "2030-01-01T00:00:00.000Z",
  actions: companyActions(actor(EMAIL, { id: "c1", role }), "c1"),
});
const credit: CompanyCredit = {
  paymentTerms: { netDays: 30, creditLimit: 50_000 },
  used: 1200,
  available: 48_800,
  hold: null,
};
const CREDIT = "GET /api/companies/c1/credit";
const CHECKOUT = "POST /api/cart/checkout";

function renderCart() {
  localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<CartPage />, {
    at: "/cart",
    path: "/cart",
    cached: [[sessionQuery.queryKey, { email: EMAIL, name: "Ana" }]],
  });
}

const checkouts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === "POST").map((request) => request.body);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Phone"), "+1 555 0100");
  await user.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
}

/**
 * The radio group "How to pay", once the company is known and the checkout and its options have loaded (two
 * lazy modules: on a busy machine that takes more than the default second).
 */
const howToPay = () => screen.findByRole("group", { name: "How to pay" }, { timeout: 5000 });

describe("the checkout of a company that buys on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit')", () => {
  it("offers card or invoice with the credit left; an order on account goes to its page, not to a card payment", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("buyer") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CREDIT]: { body: credit },
      [CHECKOUT]: { status: 201, body: { success: true, insertedId: "o9", status: "unpaid" } },
    });
    renderCart();
    const user = userEvent.setup();
    const group = await howToPay();
    const card = within(group).getByRole("radio", { name: "Card" }) as HTMLInputElement;
    const invoice = within(group).getByRole("radio", { name: /^Pay by invoice \(net 30\)/ }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect((await within(group).findByText("$48,800.00 of credit left")).closest("label")).toBe(
      invoice.closest("label"),
    );
    await fillIn(user);
    await user.click(invoice);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/myorders/o9");
    expect(await screen.findByText("Your order is placed on account: its invoice comes when it ships")).toBeTruthy();
    expect(checkouts(sent)).toEqual([
      { phone: "+1 555 0100", address: "1 Yard Road", paymentMethod: "invoice", expectedTotal: 3675 },
    ]);
  });

  it("pays by card when the buyer keeps card: the order goes to its payment page", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("owner") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CREDIT]: { body: credit },
      [CHECKOUT]: { status: 201, body: { success: true, insertedId: "o9", status: "unpaid" } },
    });
    renderCart();
    const user = userEvent.setup();
    await howToPay();
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/payment/o9");
    expect(checkouts(sent)).toEqual([
      { phone: "+1 555 0100", address: "1 Yard Road", paymentMethod: "card", expectedTotal: 3675 },
    ]);
  });

  it("lets a requester choose the invoice without the credit's figure, which is not theirs to read", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("requester") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CHECKOUT]: { status: 201, body: { success: true, insertedId: "o9", status: "awaiting-approval" } },
    });
    renderCart();
    const user = userEvent.setup();
    const group = await howToPay();
    expect(within(group).getByRole("radio", { name: "Pay by invoice (net 30)" })).toBeTruthy();
    await fillIn(user);
    await user.click(within(group).getByRole("radio", { name: "Pay by invoice (net 30)" }));
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/myorders/o9");
    expect(
      await screen.findByText("Your order is placed and awaits approval by an owner of your company"),
    ).toBeTruthy();
    expect(sent.some((request) => request.path === "/api/companies/c1/credit")).toBe(false);
    expect(within(group).queryByText(/credit left/)).toBeNull();
    expect(checkouts(sent)[0]).toMatchObject({ paymentMethod: "invoice" });
  });

  it("says the credit is on hold, naming the overdue invoice, and leaves card the only way", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("buyer") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CREDIT]: { body: { ...credit, hold: { invoiceNumber: "INV-2030-000003", dueAt: "2030-10-01T09:00:00.000Z" } } },
    });
    renderCart();
    const group = await howToPay();
    expect(
      await within(group).findByText(
        "On hold: invoice INV-2030-000003, due Oct 1, 2030, is more than 30 days overdue. Orders on account wait until it is paid; card orders go ahead.",
      ),
    ).toBeTruthy();
    const invoice = within(group).getByRole("radio", { name: /^Pay by invoice/ }) as HTMLInputElement;
    expect(invoice.disabled).toBe(true);
    expect((within(group).getByRole("radio", { name: "Card" }) as HTMLInputElement).checked).toBe(true);
  });

  it("says before the button by how much the cart is over the credit left, and leaves card the only way", async () => {
    serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("buyer") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CREDIT]: { body: { ...credit, used: 49_000, available: 1000 } },
    });
    renderCart();
    const group = await howToPay();
    const invoice = within(group).getByRole("radio", { name: /^Pay by invoice/ }) as HTMLInputElement;
    const said = await within(group).findByText(/over your credit/);
    expect(said.textContent).toBe(
      "$1,000.00 of credit left\n$2,675.00 over your credit: pay by card, remove lines, or ask for a quote.",
    );
    expect(said.closest("label")).toBe(invoice.closest("label"));
    expect(invoice.disabled).toBe(true);
    expect((within(group).getByRole("radio", { name: "Card" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the server's refusal beside Place order and focuses it, placing nothing and staying in the cart", async () => {
    // A colleague's order took the credit between the page's reading and this checkout.
    const overLimit =
      "This order is $2,675.00 over your company's credit ($1,000.00 left): pay by card, remove lines, or ask for a quote.";
    serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: acme("buyer") },
      "GET /api/companies/c1/addresses": { body: [] },
      [CREDIT]: { body: credit },
      [CHECKOUT]: { status: 409, body: { message: overLimit } },
    });
    renderCart();
    const user = userEvent.setup();
    const group = await howToPay();
    await fillIn(user);
    await user.click(within(group).getByRole("radio", { name: /^Pay by invoice/ }));
    const placeOrder = screen.getByRole("button", { name: "Place order" });
    await user.click(placeOrder);
    const refusal = await screen.findByText(overLimit);
    expect(refusal.getAttribute("role")).toBe("alert");
    expect(placeOrder.previousElementSibling).toBe(refusal);
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(currentAddress()).toBe("/cart");
  });

  it("asks nothing of a company without terms: no choice, and the body says nothing of it", async () => {
    const sent = serveApi({
      "GET /api/cart": { body: cart },
      "GET /api/companies/mine": { body: { ...acme("buyer"), paymentTerms: null } },
      "GET /api/companies/c1/addresses": { body: [] },
      [CHECKOUT]: { status: 201, body: { success: true, insertedId: "o9", status: "unpaid" } },
    });
    renderCart();
    const user = userEvent.setup();
    await fillIn(user);
    await waitFor(() => expect(sent.some((request) => request.path === "/api/companies/mine")).toBe(true));
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/payment/o9");
    expect(screen.queryByRole("group", { name: "How to pay" })).toBeNull();
    expect(checkouts(sent)).toEqual([{ phone: "+1 555 0100", address: "1 Yard Road", expectedTotal: 3675 }]);
    expect(sent.some((request) => request.path === "/api/companies/c1/credit")).toBe(false);
  });
});
