import { type PublicConfig, REQUESTER_CANNOT_PAY } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { publicConfigQuery } from "../../lib/public-config";
import { renderPage, serveApi } from "../../test-utils";
import type { OrderToPay } from "./order-to-pay";
import { PaymentPanel } from "./payment-panel";

const ORDER_ID = "7b0f6d1e-0000-4000-8000-000000000001";
const unpaid: OrderToPay = {
  _id: ORDER_ID,
  number: "FL-100042",
  total: 3675,
  paid: false,
  transactionId: null,
  paymentMethod: "card",
  paymentStatus: "unpaid",
  balance: 3675,
  invoice: null,
};
/** An order on account, shipped with its invoice, of which $1,200 is still owed. */
const invoiced: OrderToPay = {
  ...unpaid,
  paymentMethod: "invoice",
  paymentStatus: "partially-paid",
  balance: 1200,
  invoice: { number: "INV-2030-000009", dueAt: "2030-12-26T09:00:00.000Z" },
};
const testPayments: PublicConfig = { payments: "test", stripePublishableKey: null, googleSignIn: false };

/** The paragraph whose whole text starts so (its numbers are spans of their own, kept from breaking). */
const paragraph = (start: string) =>
  screen.getByText((_, element) => element?.tagName === "P" && (element.textContent ?? "").startsWith(start));

function renderPanel(order: OrderToPay) {
  return renderPage(<PaymentPanel order={order} />, { cached: [[publicConfigQuery.queryKey, testPayments]] });
}

describe("the test provider's card form", () => {
  it("groups the card number by four, writes the expiry as MM/YY and keeps the CVC to four digits", async () => {
    renderPanel(unpaid);
    await userEvent.type(screen.getByLabelText("Card number"), "4242-4242 4242x42424");
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4242 4242 4242 4242 4");
    await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "12345");
    expect((screen.getByLabelText("Expiry (MM/YY)") as HTMLInputElement).value).toBe("12/34");
    await userEvent.type(screen.getByLabelText("CVC"), "1a2345");
    expect((screen.getByLabelText("CVC") as HTMLInputElement).value).toBe("1234");
  });

  it("caps the card number at 19 digits", async () => {
    renderPanel(unpaid);
    await userEvent.type(screen.getByLabelText("Card number"), "1".repeat(25));
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("1111 1111 1111 1111 111");
  });
});

describe("paying an order", () => {
  it("asks for an intent with the order's total (as the spec's price), confirms the card, shows the transaction", async () => {
    const sent = serveApi({
      "POST /api/create-payment-intent": { body: { clientSecret: "pi_1_secret_2" } },
      "POST /api/payments/test/confirm": { body: { status: "succeeded", transactionId: "pi_1" } },
    });
    renderPanel(unpaid);
    expect(paragraph("Order FL-").textContent).toBe("Order FL-100042: $3,675.00");
    await userEvent.type(screen.getByLabelText("Card number"), "4242424242424242");
    await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "1234");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Pay $3,675.00" }));

    expect(await screen.findByText("Congrats! Your Payment is completed.")).toBeTruthy();
    expect(screen.getByText(/paid for order/).textContent).toBe("$3,675.00 paid for order FL-100042.");
    expect(screen.getByText("pi_1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to My Orders" }).getAttribute("href")).toBe("/dashboard");
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "POST", path: "/api/create-payment-intent", body: { orderId: ORDER_ID, price: 3675 } },
      {
        method: "POST",
        path: "/api/payments/test/confirm",
        body: { clientSecret: "pi_1_secret_2", cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      },
    ]);
  });

  it("shows the provider's refusal beside the form, and lets the customer try again", async () => {
    serveApi({
      "POST /api/create-payment-intent": { body: { clientSecret: "pi_1_secret_2" } },
      "POST /api/payments/test/confirm": { status: 402, body: { message: "Your card was declined." } },
    });
    renderPanel(unpaid);
    await userEvent.type(screen.getByLabelText("Card number"), "4000000000000002");
    await userEvent.click(screen.getByRole("button", { name: "Pay $3,675.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect((screen.getByRole("button", { name: "Pay $3,675.00" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows an order paid before with its transaction id, and no card form", () => {
    renderPanel({ ...unpaid, paid: true, transactionId: "pi_earlier" });
    expect(screen.getByText("Paid")).toBeTruthy();
    expect(screen.getByText("pi_earlier")).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });
});

describe("paying the difference a changed card order owes (decision 076)", () => {
  /** A card order paid $3,000 of, changed to $3,675: it owes $675. */
  const owing: OrderToPay = { ...unpaid, paymentStatus: "partially-paid", balance: 675 };

  it("leads with the difference, asks the balance's intent for it (no amount sent), and leads back to the order", async () => {
    const sent = serveApi({
      [`POST /api/payments/${ORDER_ID}/balance-intent`]: { body: { clientSecret: "pi_7_secret_8", amount: 675 } },
      "POST /api/payments/test/confirm": { body: { status: "succeeded", transactionId: "pi_7" } },
    });
    renderPanel(owing);
    expect(paragraph("Order FL-").textContent).toBe("Order FL-100042: $675.00");
    expect(screen.getByText(/^The difference owed since the order was changed/).textContent).toContain(
      "its total is now $3,675.00",
    );
    await userEvent.type(screen.getByLabelText("Card number"), "4242424242424242");
    await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "1234");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Pay $675.00" }));

    expect(await screen.findByText("Congrats! Your Payment is completed.")).toBeTruthy();
    expect(screen.getByText(/paid for order/).textContent).toBe("$675.00 paid for order FL-100042.");
    expect(screen.getByRole("link", { name: "Back to the order" }).getAttribute("href")).toBe(
      `/dashboard/myorders/${ORDER_ID}`,
    );
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))[0]).toEqual({
      method: "POST",
      path: `/api/payments/${ORDER_ID}/balance-intent`,
      body: undefined,
    });
  });

  it("charges no card when the order owes another amount by now, and says the new one", async () => {
    const sent = serveApi({
      [`POST /api/payments/${ORDER_ID}/balance-intent`]: { body: { clientSecret: "pi_9_secret_1", amount: 300 } },
    });
    renderPanel(owing);
    await userEvent.type(screen.getByLabelText("Card number"), "4242424242424242");
    await userEvent.click(screen.getByRole("button", { name: "Pay $675.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Order FL-100042 now owes $300.00: reload the page to pay that.",
    );
    expect(sent.map(({ path }) => path)).toEqual([`/api/payments/${ORDER_ID}/balance-intent`]);
  });
});

describe("paying an invoice's balance", () => {
  it("asks the balance's intent (no amount sent: the server's ledger says it), pays, says the invoice is paid", async () => {
    const sent = serveApi({
      [`POST /api/payments/${ORDER_ID}/balance-intent`]: { body: { clientSecret: "pi_3_secret_4", amount: 1200 } },
      "POST /api/payments/test/confirm": { body: { status: "succeeded", transactionId: "pi_3" } },
    });
    renderPanel(invoiced);
    // What is paid leads: the invoice, its balance and its due day (with the year: not this one).
    expect(paragraph("Invoice INV-2030-000009:").textContent).toBe(
      "Invoice INV-2030-000009: $1,200.00, due 26 December 2030",
    );
    expect(screen.getByText(/^Left to pay/).textContent).toBe(
      "Left to pay of its $3,675.00. Pay it by card here, or by bank transfer quoting the invoice number.",
    );
    await userEvent.type(screen.getByLabelText("Card number"), "4242424242424242");
    await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "1234");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Pay $1,200.00" }));

    expect(await screen.findByText("Congrats! Your Payment is completed.")).toBeTruthy();
    expect(screen.getByText(/paid for invoice/).textContent).toBe("$1,200.00 paid for invoice INV-2030-000009.");
    expect(screen.getByText("pi_3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the order" }).getAttribute("href")).toBe(
      `/dashboard/myorders/${ORDER_ID}`,
    );
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "POST", path: `/api/payments/${ORDER_ID}/balance-intent`, body: undefined },
      {
        method: "POST",
        path: "/api/payments/test/confirm",
        body: { clientSecret: "pi_3_secret_4", cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
      },
    ]);
  });

  it("charges no card when the invoice owes another amount than the button said, and says the new one", async () => {
    const sent = serveApi({
      [`POST /api/payments/${ORDER_ID}/balance-intent`]: { body: { clientSecret: "pi_5_secret_6", amount: 700 } },
    });
    renderPanel(invoiced);
    await userEvent.type(screen.getByLabelText("Card number"), "4242424242424242");
    await userEvent.click(screen.getByRole("button", { name: "Pay $1,200.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Invoice INV-2030-000009 now owes $700.00: reload the page to pay that.",
    );
    expect(sent.map(({ path }) => path)).toEqual([`/api/payments/${ORDER_ID}/balance-intent`]);
  });

  it("names the due day without its year in the year it falls", () => {
    const dueAt = `${new Date().getUTCFullYear()}-12-31T09:00:00.000Z`;
    renderPanel({ ...invoiced, balance: 3675, invoice: { number: "INV-2030-000009", dueAt } });
    expect(paragraph("Invoice INV-2030-000009:").textContent).toBe(
      "Invoice INV-2030-000009: $3,675.00, due 31 December",
    );
    expect(screen.queryByText(/^Left to pay/)).toBeNull();
    expect(screen.getByRole("button", { name: "Pay $3,675.00" })).toBeTruthy();
  });

  it("shows an invoice paid as Paid, and no card form", () => {
    renderPanel({ ...invoiced, paid: true, paymentStatus: "paid", balance: 0 });
    expect(screen.getByText("Paid")).toBeTruthy();
    expect(screen.getByText("Invoice INV-2030-000009 is paid.")).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });

  it("tells a requester a colleague's invoice is not theirs to pay: it comes without its balance, and no card form", () => {
    renderPanel({ ...invoiced, balance: undefined });
    expect(screen.getByText(REQUESTER_CANNOT_PAY)).toBeTruthy();
    expect(screen.queryByText(/Nothing is owed/)).toBeNull();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });

  it("has nothing to pay by card on an order on account that has not shipped", () => {
    renderPanel({ ...invoiced, paymentStatus: "unpaid", balance: 3675, invoice: null });
    expect(screen.getByText(/^Placed on account: nothing to pay now\./)).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });
});
