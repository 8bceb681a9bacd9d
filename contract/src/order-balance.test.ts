import { describe, expect, it } from "vitest";
import { creditNoteSplit, creditNoteStep } from "./credit-notes.js";
import {
  CLOSED_ORDER_STATUSES,
  creditableCents,
  invoiceCreditableCents,
  invoicedOwedCents,
  invoiceOwedCents,
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
    const whole = { totalCents: 100_000, paidCents: 20_000, creditedCents: 30_000 };
    expect(creditNoteSplit(whole, 60_000)).toEqual({ offBalanceCents: 50_000, toCreditCents: 10_000 });
    expect(creditNoteStep(invoiced, 70_000, 50_000)).toBe("creditNote");
    expect(creditNoteStep(invoiced, 50_000, 50_000)).toBe("creditNotePart");
    expect(creditNoteStep(invoiced, 10_000, 10_000)).toBeUndefined();
  });

  it("splits a credit note against one invoice of several by that invoice's balance (decision 077)", () => {
    // $1,000 ordered, $400 shipped and invoiced and paid, $600 not shipped: the $400 goes back as credit.
    const first = { totalCents: 40_000, paidCents: 40_000, creditedCents: 0 };
    expect(invoiceOwedCents(first)).toBe(0);
    expect(invoiceCreditableCents(first)).toBe(40_000);
    expect(creditNoteSplit(first, 40_000)).toEqual({ offBalanceCents: 0, toCreditCents: 40_000 });
    const order = { ...invoiced, status: "unpaid", creditedCents: 0, amountPaidCents: 40_000 } as const;
    expect(creditNoteStep(order, 40_000, 0)).toBeUndefined();
    expect(invoicedOwedCents({ ...order, invoicedCents: 40_000 })).toBe(0);
  });
});
