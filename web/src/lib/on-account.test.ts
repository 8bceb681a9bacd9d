import { expect, it } from "vitest";
import { cardOrder } from "../test-orders";
import { onAccountTerm } from "./on-account";

const onAccount = {
  paymentMethod: "invoice",
  netDays: 30,
  paymentStatus: "unpaid",
  balance: 1200,
  invoice: null,
  overdue: false,
} as const;
const invoice = { number: "INV-2030-000007", issuedAt: "2030-11-26T09:00:00.000Z", dueAt: "2030-12-26T09:00:00.000Z" };

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
  // Credit notes: refunded in full, or in part with nothing owed.
  expect(onAccountTerm({ ...onAccount, invoice, balance: 0, paymentStatus: "refunded" })?.text).toBe(
    "On account, credited",
  );
  expect(onAccountTerm({ ...onAccount, invoice, balance: 0, paymentStatus: "partially-refunded" })?.text).toBe(
    "On account, paid, part credited",
  );
  // The due day is the invoice's UTC day, as its PDF dates it, wherever the page is read.
  expect(onAccountTerm({ ...onAccount, invoice: { ...invoice, dueAt: "2030-12-26T23:30:00.000Z" } })?.text).toBe(
    "On account, due Dec 26",
  );
});

it("says nothing of a card order: its status says all", () => {
  expect(onAccountTerm(cardOrder("unpaid", 1200))).toBeNull();
  expect(onAccountTerm(cardOrder("shipped", 1200))).toBeNull();
});
