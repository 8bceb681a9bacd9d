import { describe, expect, it } from "vitest";
import { changeCannotWait, ORDER_CHANGE_MESSAGES, orderChangeRefusal, owesDifference } from "./order-change-terms.js";
import { cardOrderFacts, type PaymentStatus } from "./order-facts.js";
import { canTransition } from "./order-lifecycle.js";
import type { OrderStatus } from "./order-status.js";

const card = (status: OrderStatus, paymentStatus?: PaymentStatus) => ({
  status,
  ...cardOrderFacts(status),
  ...(paymentStatus && { paymentStatus }),
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

  it("lets an order on account change until it has shipped whole, invoiced in part or not", () => {
    const onAccount = { ...card("unpaid"), paymentMethod: "invoice" as const };
    expect(orderChangeRefusal(onAccount)).toBeUndefined();
    // Shipped in part and invoiced for it, paid or not: its lines still to ship change (decision 079).
    const inPart = { ...onAccount, fulfilmentStatus: "partially-shipped" as const };
    expect(orderChangeRefusal(inPart)).toBeUndefined();
    expect(orderChangeRefusal({ ...inPart, paymentStatus: "partially-paid" })).toBeUndefined();
    expect(orderChangeRefusal({ ...inPart, paymentStatus: "partially-refunded" })).toBe(ORDER_CHANGE_MESSAGES.settled);
    expect(orderChangeRefusal({ ...onAccount, status: "shipped", fulfilmentStatus: "shipped" })).toBe(
      ORDER_CHANGE_MESSAGES.shipped,
    );
    expect(owesDifference(card("unpaid", "partially-paid"))).toBe(true);
    expect(owesDifference(card("paid"))).toBe(false);
    expect(owesDifference({ ...onAccount, paymentStatus: "partially-paid" })).toBe(false);
  });

  it("lets a card order shipped in part change, owing a rise until paid; a requester's change of one cannot wait", () => {
    const inPart = { ...card("paid"), fulfilmentStatus: "partially-shipped" as const };
    expect(orderChangeRefusal(inPart)).toBeUndefined();
    expect(owesDifference({ ...inPart, paymentStatus: "partially-paid" })).toBe(true);
    expect(canTransition("owe", inPart)).toBe(true);
    expect(orderChangeRefusal(inPart, { waitsForOwner: true })).toBe(ORDER_CHANGE_MESSAGES.paidCannotWait);
    const onAccount = { ...inPart, paymentMethod: "invoice" as const, paymentStatus: "unpaid" as const };
    expect(changeCannotWait(onAccount)).toBe(ORDER_CHANGE_MESSAGES.shippedCannotWait);
    expect(orderChangeRefusal(onAccount, { waitsForOwner: true })).toBe(ORDER_CHANGE_MESSAGES.shippedCannotWait);
  });
});
