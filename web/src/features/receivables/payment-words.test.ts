import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { paymentOutcome, paymentRefusal } from "./payment-words";

const sent = { reference: "TRF-2027-0042" };

describe("a refused payment, beside its field", () => {
  it("puts a 400's messages beside the fields it names", () => {
    const error = new ApiError(400, "amount: Amount must be more than $0", [
      { field: "amount", message: "Amount must be more than $0" },
      { field: "receivedAt", message: "receivedAt cannot be in the future" },
    ]);
    expect(paymentRefusal(error, sent)).toEqual({
      fields: { amount: "Amount must be more than $0", receivedAt: "The day received cannot be in the future" },
      rest: null,
    });
  });

  it("puts the same reference twice (409) beside the reference", () => {
    const error = new ApiError(409, "A payment with the reference TRF-2027-0042 is recorded already.");
    expect(paymentRefusal(error, sent)).toEqual({
      fields: { reference: "A payment with the reference TRF-2027-0042 is recorded already." },
      rest: null,
    });
  });

  it("keeps any other refusal for above the form", () => {
    const busy = new ApiError(409, "This request is still being processed");
    expect(paymentRefusal(busy, sent)).toEqual({ fields: {}, rest: "This request is still being processed" });
    const other = new ApiError(409, "A payment with the reference TRF-1 is recorded already.");
    expect(paymentRefusal(other, sent).rest).toBe("A payment with the reference TRF-1 is recorded already.");
    const allocations = new ApiError(400, "allocations: too many", [{ field: "allocations", message: "too many" }]);
    expect(paymentRefusal(allocations, sent)).toEqual({ fields: {}, rest: "allocations: too many" });
    expect(paymentRefusal(new Error("offline"), sent)).toEqual({ fields: {}, rest: "offline" });
    expect(paymentRefusal(null, sent)).toEqual({ fields: {}, rest: null });
  });
});

describe("a recorded payment in words", () => {
  const payment = { _id: "p1", amount: 1500, receivedAt: "2027-02-10", reference: "TRF-1", creditBalance: 0 };

  it("names the orders it paid", () => {
    const allocations = [
      { orderId: "o1", number: "FL-100201", invoiceNumber: "INV-2027-000201", amount: 1000 },
      { orderId: "o2", number: "FL-100202", invoiceNumber: "INV-2027-000202", amount: 500 },
    ];
    expect(paymentOutcome("Acme", { ...payment, allocations })).toBe(
      "$1,500.00 from Acme recorded: paid FL-100201 ($1,000.00) and FL-100202 ($500.00).",
    );
  });

  it("says what it left as credit, and when no invoice was open", () => {
    expect(
      paymentOutcome("Acme", {
        ...payment,
        allocations: [{ orderId: "o1", number: "FL-100201", invoiceNumber: "INV-2027-000201", amount: 1000 }],
        creditBalance: 500,
      }),
    ).toBe("$1,500.00 from Acme recorded: paid FL-100201 ($1,000.00); its credit for the next invoices is $500.00.");
    expect(paymentOutcome("Acme", { ...payment, allocations: [], creditBalance: 1500 })).toBe(
      "$1,500.00 from Acme recorded: no invoice was open; its credit for the next invoices is $1,500.00.",
    );
  });
});
