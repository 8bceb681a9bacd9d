import { describe, expect, it } from "vitest";
import { ORDER_CHANGE_MESSAGES, orderChangeRefusal, owesDifference } from "./order-change-terms.js";
import { cardOrderFacts, type PaymentStatus } from "./order-facts.js";
import type { OrderStatus } from "./order-status.js";

const card = (status: OrderStatus, paymentStatus?: PaymentStatus) => ({
  status,
  ...cardOrderFacts(status),
  ...(paymentStatus && { paymentStatus }),
  invoiceNumber: status === "paid" ? "INV-2030-000001" : null,
});

/** Which orders may change (docs/decisions/072-order-changes.md, 076-the-money-of-a-changed-order.md). */
describe("which orders may change", () => {
  it("lets a card order change unpaid, paid or owing a difference, with its money; never once shipped or closed", () => {
    expect(orderChangeRefusal(card("unpaid"))).toBeUndefined();
    expect(orderChangeRefusal(card("paid"))).toBeUndefined();
    expect(orderChangeRefusal(card("unpaid", "partially-paid"))).toBeUndefined();
    expect(orderChangeRefusal(card("shipped"))).toBe(ORDER_CHANGE_MESSAGES.shipped);
    expect(orderChangeRefusal(card("cancelled"))).toBe("A cancelled order cannot be changed.");
    expect(orderChangeRefusal(card("refunded"))).toBe("A refunded order cannot be changed.");
  });

  it("refuses a requester's change of an order whose money is in: it would wait for an owner", () => {
    expect(orderChangeRefusal(card("paid"), { waitsForOwner: true })).toBe(ORDER_CHANGE_MESSAGES.paidCannotWait);
    expect(orderChangeRefusal(card("unpaid", "partially-paid"), { waitsForOwner: true })).toBe(
      ORDER_CHANGE_MESSAGES.paidCannotWait,
    );
    expect(orderChangeRefusal(card("unpaid"), { waitsForOwner: true })).toBeUndefined();
  });

  it("lets an order on account change until it is invoiced, and says a changed card order owes until paid", () => {
    const onAccount = { ...card("unpaid"), paymentMethod: "invoice" as const };
    expect(orderChangeRefusal(onAccount)).toBeUndefined();
    expect(orderChangeRefusal({ ...onAccount, invoiceNumber: "INV-2030-000002" })).toBe(ORDER_CHANGE_MESSAGES.invoiced);
    expect(owesDifference(card("unpaid", "partially-paid"))).toBe(true);
    expect(owesDifference(card("paid"))).toBe(false);
    expect(owesDifference({ ...onAccount, paymentStatus: "partially-paid" })).toBe(false);
  });
});
