import { expect, it } from "vitest";
import { creditInWords, holdInWords, termsInBrief } from "./company-credit";

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
