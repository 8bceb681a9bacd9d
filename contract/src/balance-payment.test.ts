import { describe, expect, it } from "vitest";
import { type BalanceToPay, balancePaymentRefusal } from "./balance-payment.js";
import { type Actor, orderActions } from "./permissions.js";

/** An order on account of Acme's buyer, shipped with its invoice, $1,200 of it still owed. */
const invoiced: BalanceToPay & { userEmail: string; companyId: string } = {
  userEmail: "bea@example.com",
  companyId: "acme",
  status: "shipped",
  fulfilmentStatus: "shipped",
  paymentStatus: "partially-paid",
  paymentMethod: "invoice",
  invoiceNumber: "INV-2030-000009",
  balance: 1200,
};
const inAcme = (email: string, role: "owner" | "buyer" | "requester"): Actor => ({
  email,
  role: "customer",
  company: { id: "acme", role },
});

describe("paying an invoice's balance by card", () => {
  it("is open on an invoice with money owed, shipped or delivered", () => {
    expect(balancePaymentRefusal(invoiced)).toBeUndefined();
    expect(balancePaymentRefusal({ ...invoiced, status: "delivered", fulfilmentStatus: "delivered" })).toBeUndefined();
  });

  it("says why not for a card order, an order on account not shipped, a cancelled one and an invoice paid", () => {
    expect(balancePaymentRefusal({ ...invoiced, paymentMethod: "card", paymentStatus: "paid" })).toBe(
      "This order is paid by card before it ships: it has no invoice balance to pay.",
    );
    const placed = { ...invoiced, status: "unpaid", fulfilmentStatus: "open", invoiceNumber: null } as const;
    expect(balancePaymentRefusal({ ...placed, paymentStatus: "unpaid" })).toBe(
      "This order has no invoice yet: it can be paid once it ships.",
    );
    expect(balancePaymentRefusal({ ...placed, status: "cancelled", fulfilmentStatus: "cancelled", balance: 0 })).toBe(
      "This order is cancelled: nothing is owed on it.",
    );
    expect(balancePaymentRefusal({ ...invoiced, paymentStatus: "paid", balance: 0 })).toBe(
      "Invoice INV-2030-000009 is paid: nothing is left to pay on it.",
    );
  });

  it("offers Pay on it to its buyer and the company's owners, not to its requesters", () => {
    expect(orderActions(inAcme("bea@example.com", "buyer"), invoiced)).toContain("pay:order");
    expect(orderActions(inAcme("olga@example.com", "owner"), invoiced)).toContain("pay:order");
    expect(orderActions(inAcme("rui@example.com", "requester"), invoiced)).not.toContain("pay:order");
    expect(orderActions(inAcme("bea@example.com", "buyer"), { ...invoiced, balance: 0 })).not.toContain("pay:order");
  });
});
