import { expect, it } from "vitest";
import { cardOrder } from "../test-orders";
import { creditInWords, holdInWords, onAccountTerm, termsInBrief } from "./on-account";

const onAccount = {
  paymentMethod: "invoice",
  netDays: 30,
  paymentStatus: "unpaid",
  balance: 1200,
  invoice: null,
  overdue: false,
} as const;
const invoice = { number: "INV-2030-000007", issuedAt: "2030-11-26T09:00:00.000Z", dueAt: "2030-12-26T09:00:00.000Z" };

it("says a company's terms in brief: net days and limit, or card only", () => {
  expect(termsInBrief({ netDays: 30, creditLimit: 50_000 })).toBe("Net 30 · limit $50,000.00");
  expect(termsInBrief(null)).toBe("Card only");
});

it("says what a company on terms may still owe, and the invoice that holds its credit", () => {
  const credit = { paymentTerms: { netDays: 45, creditLimit: 10_000 } as const, used: 2500.5, available: 7499.5 };
  expect(creditInWords({ ...credit, hold: null })).toBe(
    "Terms on account: net 45, credit limit $10,000.00, used $2,500.50, available $7,499.50",
  );
  expect(creditInWords({ paymentTerms: null, used: 0, available: 0, hold: null })).toBeNull();
  expect(holdInWords(null)).toBeNull();
  expect(holdInWords({ invoiceNumber: "INV-2030-000003", dueAt: "2030-10-01T09:00:00.000Z" })).toBe(
    "On hold: invoice INV-2030-000003, due Oct 1, 2030, is more than 30 days overdue. Orders on account wait until it is paid; card orders go ahead.",
  );
});

it("says where an order on account stands: its terms before the invoice, the due day after, overdue in words", () => {
  expect(onAccountTerm(onAccount)).toEqual({ text: "On account (net 30)", overdue: false });
  expect(onAccountTerm({ ...onAccount, invoice })).toEqual({ text: "On account, due Dec 26", overdue: false });
  expect(onAccountTerm({ ...onAccount, invoice, overdue: true })).toEqual({
    text: "On account, due Dec 26",
    overdue: true,
  });
  expect(onAccountTerm({ ...onAccount, invoice, balance: 0, paymentStatus: "paid" })).toEqual({
    text: "On account, paid",
    overdue: false,
  });
  // The due day is the invoice's UTC day, as its PDF dates it, wherever the page is read.
  expect(onAccountTerm({ ...onAccount, invoice: { ...invoice, dueAt: "2030-12-26T23:30:00.000Z" } })?.text).toBe(
    "On account, due Dec 26",
  );
});

it("says nothing of a card order: its status says all", () => {
  expect(onAccountTerm(cardOrder("unpaid", 1200))).toBeNull();
  expect(onAccountTerm(cardOrder("shipped", 1200))).toBeNull();
});
