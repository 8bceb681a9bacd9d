import { type Company, type CompanyCredit, companyActions, type PricedOrder, type Product } from "@forgeline/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sessionQuery } from "../../lib/session";
import { actor } from "../../test-orders";
import { currentAddress, renderPage, type SentRequest, serveApi, tokenWith } from "../../test-utils";
import { OrderModal } from "./order-modal";

const PRODUCT_ID = "3c1d2e3f-0000-4000-8000-000000000002";
const wrench: Product = {
  _id: PRODUCT_ID,
  name: "Torque wrench",
  price: 24.5,
  quantity: 150,
  image: "/images/wrench.webp",
  description: "Click-type.",
  sku: "FL-TW-150",
  quantityRule: { min: 100, max: 200, step: 1 },
  tiers: [{ minQuantity: 150, unitPrice: 22 }],
};
const customer = { email: "ana@example.com", name: "Ana", confirmed: true };

/** The server's quote: the list price below 150 pieces, the volume price from 150 with 30% off and 8% tax. */
const quotes: Record<number, PricedOrder> = {
  100: {
    lines: [
      {
        productId: PRODUCT_ID,
        sku: "FL-TW-150",
        name: "Torque wrench",
        quantity: 100,
        listUnitPrice: 24.5,
        unitPrice: 24.5,
        priceSource: "list",
        discount: 0,
        total: 2450,
      },
    ],
    pieces: 100,
    subtotal: 2450,
    promotion: null,
    discount: 0,
    taxRate: 0,
    tax: 0,
    total: 2450,
  },
  150: {
    lines: [
      {
        productId: PRODUCT_ID,
        sku: "FL-TW-150",
        name: "Torque wrench",
        quantity: 150,
        listUnitPrice: 24.5,
        unitPrice: 22,
        priceSource: "tier",
        discount: 990,
        total: 3300,
      },
    ],
    pieces: 150,
    subtotal: 3300,
    promotion: { _id: "promo-1", name: "30% off your first order", percent: 30 },
    discount: 990,
    taxRate: 8,
    tax: 184.8,
    total: 2494.8,
  },
};

const quoting = {
  "POST /api/pricing/quote": (request: SentRequest) => {
    const { lines } = request.body as { lines: { quantity: number }[] };
    const quote = quotes[lines[0]?.quantity ?? 0];
    return quote ? { body: quote } : { status: 400, body: { message: "No quote for that" } };
  },
};

function renderModal(product: Product = wrench) {
  const onClose = vi.fn();
  renderPage(<OrderModal product={product} customer={customer} onClose={onClose} />);
  return onClose;
}

const quantityField = () => screen.getByRole("spinbutton") as HTMLInputElement;
const priceBox = () => screen.getByRole("region", { name: "Price" });
/** The figures of the price box as [term, value] pairs. */
const figures = () =>
  within(priceBox())
    .getAllByRole("term")
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
const quotesSent = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === "/api/pricing/quote").map((request) => request.body);

describe("the order modal", () => {
  it("offers the tool's rule up to the stock, and shows the customer's name and email without sending them", async () => {
    serveApi(quoting);
    renderModal();
    expect(screen.getByRole("dialog", { name: "Torque wrench" })).toBeTruthy();
    expect(screen.getByLabelText("Quantity (100 to 150 pieces)")).toBe(quantityField());
    expect(quantityField().value).toBe("100");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Ana");
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
    await within(priceBox()).findByText("Total");
    expect(figures()).toEqual([
      ["Subtotal", "$2,450.00"],
      ["Total", "$2,450.00"],
    ]);
  });

  it("keeps to the rule's top when the stock is larger, and names its steps", () => {
    serveApi(quoting);
    renderModal({ ...wrench, quantity: 5000 });
    expect(screen.getByLabelText("Quantity (100 to 200 pieces)")).toBe(quantityField());
    renderModal({ ...wrench, quantity: 5000, quantityRule: { min: 100, max: 500, step: 25 } });
    expect(screen.getByLabelText("Quantity (100 to 500 pieces in steps of 25)")).toBeTruthy();
  });

  it("asks the server to price each allowed quantity and shows its unit price, source, promotion, tax and total", async () => {
    const sent = serveApi(quoting);
    renderModal();
    await userEvent.clear(quantityField());
    await userEvent.type(quantityField(), "150");
    await within(priceBox()).findByText("$2,494.80");
    expect(priceBox().textContent).toContain("150 pieces at$22.00volume pricelist price $24.50");
    expect(within(priceBox()).getByText("$24.50").tagName).toBe("S");
    expect(figures()).toEqual([
      ["Subtotal", "$3,300.00"],
      ["30% off your first order", "−$990.00"],
      ["Tax (8%)", "$184.80"],
      ["Total", "$2,494.80"],
    ]);
    // Only allowed quantities are priced, each once the typing rests.
    const priced = quotesSent(sent).map((body) => (body as { lines: { quantity: number }[] }).lines[0]?.quantity);
    expect(priced.at(-1)).toBe(150);
    expect(priced.every((quantity) => quantity === 100 || quantity === 150)).toBe(true);
    expect(quotesSent(sent).at(-1)).toEqual({ lines: [{ productId: PRODUCT_ID, quantity: 150 }] });

    await userEvent.clear(quantityField());
    expect(priceBox().textContent).toBe("The price shows for an allowed quantity.");
  });

  it("says what is wrong beside each field, placing nothing", async () => {
    const sent = serveApi(quoting);
    renderModal({ ...wrench, quantity: 5000, quantityRule: { min: 100, max: 500, step: 25 } });
    await userEvent.clear(quantityField());
    await userEvent.type(quantityField(), "110");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect((await screen.findAllByRole("alert")).map((message) => message.textContent)).toEqual([
      "Order 100 to 500 pieces in steps of 25: 100 or 125",
      "Phone is Required",
      "Address is Required",
    ]);
    expect(sent.filter((request) => request.path === "/api/ordering")).toEqual([]);
  });

  it("refuses more than the stock", async () => {
    serveApi(quoting);
    renderModal();
    await userEvent.clear(quantityField());
    await userEvent.type(quantityField(), "151");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect((await screen.findAllByRole("alert"))[0]?.textContent).toBe("Order at most 150 pieces");
  });

  it("sends the product as the spec's orderId with the form, then closes", async () => {
    const sent = serveApi({
      ...quoting,
      "POST /api/ordering": { status: 201, body: { success: true, insertedId: "o1" } },
    });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "+1 555 0100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText("Successfully ordered Torque wrench")).toBeTruthy();
    expect(
      sent
        .filter((request) => request.path === "/api/ordering")
        .map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([
      {
        method: "POST",
        path: "/api/ordering",
        body: { quantity: 100, phone: "+1 555 0100", address: "1 Yard Road", orderId: PRODUCT_ID },
      },
    ]);
  });

  it("says so when the customer already has an unpaid order for the product", async () => {
    serveApi({ ...quoting, "POST /api/ordering": { body: { success: false, insertedId: null } } });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "5550100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(await screen.findByText("You already have an unpaid order for Torque wrench")).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's quantity rule beside the field when it refuses the order", async () => {
    serveApi({
      ...quoting,
      "POST /api/ordering": {
        status: 400,
        body: {
          message: "quantity: Order at most 120 pieces",
          errors: [{ field: "quantity", message: "Order at most 120 pieces" }],
        },
      },
    });
    const onClose = renderModal();
    await userEvent.type(screen.getByLabelText("Phone"), "5550100");
    await userEvent.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await userEvent.click(screen.getByRole("button", { name: "Place order" }));
    const message = await screen.findByText("Order at most 120 pieces");
    expect(quantityField().getAttribute("aria-describedby")).toBe(message.id);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers a member the company's delivery addresses and its PO number, as the cart's checkout does", async () => {
    const acme: Company = {
      _id: "c1",
      name: "Acme Fabrication",
      taxId: null,
      taxExempt: false,
      poRequired: true,
      billingAddress: null,
      paymentTerms: null,
      role: "buyer",
      createdAt: "2030-01-01T00:00:00.000Z",
      actions: [],
    };
    const SITE = "5a1d2e3f-0000-4000-8000-000000000002";
    const sent = serveApi({
      ...quoting,
      "GET /api/companies/mine": { body: acme },
      "GET /api/companies/c1/addresses": {
        body: [{ _id: SITE, label: "South yard", address: "2 Yard Road", phone: "5550101" }],
      },
      "POST /api/ordering": { status: 201, body: { success: true, insertedId: "o1", status: "unpaid" } },
    });
    localStorage.setItem("accessToken", tokenWith({ sub: customer.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
    const onClose = vi.fn();
    renderPage(<OrderModal product={wrench} customer={customer} onClose={onClose} />, {
      cached: [[sessionQuery.queryKey, customer]],
    });
    const user = userEvent.setup();
    const choice = await screen.findByRole("group", { name: "Deliver to one of your company's addresses" });
    expect(screen.queryByLabelText("Delivery address")).toBeNull();
    const po = screen.getByLabelText("PO number (required, up to 35 characters)");

    const form = po.closest("form") as HTMLFormElement;
    await user.click(screen.getByRole("button", { name: "Place order" }));
    expect((await within(form).findAllByRole("alert")).map((message) => message.textContent)).toEqual([
      "Phone is Required",
      "Choose one of your company's delivery addresses",
      "A PO number is required",
    ]);
    expect(sent.filter((request) => request.path === "/api/ordering")).toEqual([]);

    await user.click(within(choice).getByRole("radio", { name: /South yard/ }));
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("5550101");
    await user.type(po, "PO-7781");
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((request) => request.path === "/api/ordering").map((request) => request.body)).toEqual([
      { quantity: 100, phone: "5550101", poNumber: "PO-7781", addressId: SITE, orderId: PRODUCT_ID },
    ]);
  });
});

describe("Order Now for a company that buys on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit')", () => {
  const acme: Company = {
    _id: "c1",
    name: "Acme Fabrication",
    taxId: null,
    taxExempt: false,
    poRequired: false,
    billingAddress: null,
    paymentTerms: { netDays: 30, creditLimit: 50_000 },
    role: "buyer",
    createdAt: "2030-01-01T00:00:00.000Z",
    actions: companyActions(actor(customer.email, { id: "c1", role: "buyer" }), "c1"),
  };
  const credit: CompanyCredit = {
    paymentTerms: { netDays: 30, creditLimit: 50_000 },
    used: 1200,
    available: 48_800,
    hold: null,
  };
  const onTerms = (left: CompanyCredit, ordering: Record<string, unknown> = {}) =>
    serveApi({
      ...quoting,
      "GET /api/companies/mine": { body: acme },
      "GET /api/companies/c1/addresses": { body: [] },
      "GET /api/companies/c1/credit": { body: left },
      ...ordering,
    });

  function renderSignedIn() {
    localStorage.setItem("accessToken", tokenWith({ sub: customer.email, exp: Math.floor(Date.now() / 1000) + 3600 }));
    const onClose = vi.fn();
    renderPage(<OrderModal product={wrench} customer={customer} onClose={onClose} />, {
      at: "/orderdetails",
      path: "/orderdetails",
      cached: [[sessionQuery.queryKey, customer]],
    });
    return onClose;
  }

  /** "How to pay", once the company is known and its lazy options have loaded (slow on a busy machine). */
  const howToPay = () => screen.findByRole("group", { name: "How to pay" }, { timeout: 5000 });
  const orders = (sent: SentRequest[]) =>
    sent.filter((request) => request.path === "/api/ordering").map((request) => request.body);

  it('offers "Pay by invoice" with the credit left; an order on account goes to its own page', async () => {
    const sent = onTerms(credit, {
      "POST /api/ordering": { status: 201, body: { success: true, insertedId: "o9", status: "unpaid" } },
    });
    const onClose = renderSignedIn();
    const user = userEvent.setup();
    const group = await howToPay();
    const invoice = within(group).getByRole("radio", { name: /^Pay by invoice \(net 30\)/ }) as HTMLInputElement;
    expect((within(group).getByRole("radio", { name: "Card" }) as HTMLInputElement).checked).toBe(true);
    expect((await within(group).findByText("$48,800.00 of credit left")).closest("label")).toBe(
      invoice.closest("label"),
    );
    await user.type(screen.getByLabelText("Phone"), "+1 555 0100");
    await user.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await user.click(invoice);
    await user.click(screen.getByRole("button", { name: "Place order" }));
    await expect.poll(currentAddress).toBe("/dashboard/myorders/o9");
    expect(
      await screen.findByText("Successfully ordered Torque wrench on account: its invoice comes when it ships"),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(orders(sent)).toEqual([
      { quantity: 100, phone: "+1 555 0100", address: "1 Yard Road", paymentMethod: "invoice", orderId: PRODUCT_ID },
    ]);
  });

  it("says before the button by how much the order is over the credit left, and leaves card the only way", async () => {
    onTerms({ ...credit, used: 48_000, available: 2000 });
    renderSignedIn();
    const group = await howToPay();
    const invoice = within(group).getByRole("radio", { name: /^Pay by invoice/ }) as HTMLInputElement;
    const said = await within(group).findByText(/over your credit/);
    // The server's quote of 100 pieces is $2,450.00.
    expect(said.textContent).toBe(
      "$2,000.00 of credit left\n$450.00 over your credit: pay by card, remove lines, or ask for a quote.",
    );
    expect(said.closest("label")).toBe(invoice.closest("label"));
    expect(invoice.disabled).toBe(true);
    expect((within(group).getByRole("radio", { name: "Card" }) as HTMLInputElement).checked).toBe(true);
    const placeOrder = screen.getByRole("button", { name: "Place order" });
    expect(said.compareDocumentPosition(placeOrder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the server's refusal beside Place order and focuses it, placing nothing and staying open", async () => {
    const overLimit =
      "This order is $450.00 over your company's credit ($2,000.00 left): pay by card, remove lines, or ask for a quote.";
    onTerms(credit, { "POST /api/ordering": { status: 409, body: { message: overLimit } } });
    const onClose = renderSignedIn();
    const user = userEvent.setup();
    const group = await howToPay();
    await user.type(screen.getByLabelText("Phone"), "+1 555 0100");
    await user.type(screen.getByLabelText("Delivery address"), "1 Yard Road");
    await user.click(within(group).getByRole("radio", { name: /^Pay by invoice/ }));
    await user.click(screen.getByRole("button", { name: "Place order" }));
    const refusal = await screen.findByText(overLimit);
    expect(refusal.getAttribute("role")).toBe("alert");
    expect(refusal.nextElementSibling?.contains(screen.getByRole("button", { name: "Place order" }))).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(onClose).not.toHaveBeenCalled();
    expect(currentAddress()).toBe("/orderdetails");
  });
});
