import { describe, expect, it } from "vitest";
import { creditNoteSplit, creditNoteStep } from "./credit-notes.js";
import {
  CLOSED_ORDER_STATUSES,
  creditableCents,
  isClosed,
  type OrderBalanceFigures,
  owedCents,
} from "./order-balance.js";
import { ORDER_STATUSES } from "./order-status.js";

/** An invoiced order on account of $1,000: $300 credited, $200 paid. */
const invoiced: OrderBalanceFigures = {
  status: "shipped",
  paymentMethod: "invoice",
  invoiceNumber: "INV-2030-000009",
  totalCents: 100_000,
  creditedCents: 30_000,
  amountPaidCents: 20_000,
};

describe("an order's balance", () => {
  it("owes its total less what was credited and paid, and nothing once closed", () => {
    expect(owedCents(invoiced)).toBe(50_000);
    for (const status of ORDER_STATUSES) {
      expect(owedCents({ ...invoiced, status })).toBe(isClosed(status) ? 0 : 50_000);
    }
    expect(ORDER_STATUSES.filter(isClosed)).toEqual([...CLOSED_ORDER_STATUSES]);
  });

  it("may be credited its total less earlier credit notes, only once invoiced on account and not closed", () => {
    expect(creditableCents(invoiced)).toBe(70_000);
    expect(creditableCents({ ...invoiced, paymentMethod: "card" })).toBe(0);
    expect(creditableCents({ ...invoiced, invoiceNumber: null })).toBe(0);
    expect(creditableCents({ ...invoiced, status: "refunded" })).toBe(0);
  });

  it("splits a credit note into what it takes off the balance and what goes back as credit", () => {
    expect(creditNoteSplit(invoiced, 60_000)).toEqual({ offBalanceCents: 50_000, toCreditCents: 10_000 });
    expect(creditNoteStep(invoiced, 70_000)).toBe("creditNote");
    expect(creditNoteStep(invoiced, 50_000)).toBe("creditNotePart");
    expect(creditNoteStep(invoiced, 10_000)).toBeUndefined();
  });
});
