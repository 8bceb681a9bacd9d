import { describe, expect, it } from "vitest";
import { ORDER_STATUS_MESSAGES } from "./order-admin.js";
import {
  cardOrderFacts,
  derivedStatus,
  FULFILMENT_STATUSES,
  type OrderFacts,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  POSSIBLE_FACTS,
} from "./order-facts.js";
import {
  nextFacts,
  OPEN_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderTransition,
  orderRefusal,
  refundAsksAboutStock,
  SPENDING_ORDER_STATUSES,
  statusesFrom,
} from "./order-lifecycle.js";
import { ORDER_STATUSES, statusInWords } from "./order-status.js";
import { QUOTE_LIFECYCLE } from "./quote-lifecycle.js";
import { QUOTE_STATUSES } from "./quote-terms.js";

const onAccount = (fulfilmentStatus: OrderFacts["fulfilmentStatus"], paymentStatus: OrderFacts["paymentStatus"]) =>
  ({ fulfilmentStatus, paymentStatus, paymentMethod: "invoice" }) as const;

/**
 * The refusals are worded from the tables; here they are written out letter by letter (never read from the
 * tables), so a step whose statuses change without its words being read again fails here.
 */
describe("the order lifecycle's refusals", () => {
  it.each([
    [ORDER_STATUS_MESSAGES.cannotPay("cancelled"), "This order is cancelled; only an unpaid order can be paid."],
    [
      ORDER_STATUS_MESSAGES.cannotPay("awaiting-approval"),
      "This order is awaiting approval; only an unpaid order can be paid.",
    ],
    // Until round 4 this said "only an unpaid order", though the table lets a waiting order be cancelled too.
    [
      ORDER_STATUS_MESSAGES.cannotCancel("paid"),
      "This order is paid; only an unpaid order or one awaiting approval can be cancelled.",
    ],
    [
      ORDER_STATUS_MESSAGES.cannotDecide("unpaid"),
      "This order is unpaid; only an order awaiting approval can be approved or rejected.",
    ],
    [ORDER_STATUS_MESSAGES.cannotShip("unpaid"), "This order is unpaid; only a paid order can be shipped."],
    [ORDER_STATUS_MESSAGES.cannotDeliver("paid"), "This order is paid; only a shipped order can be marked delivered."],
    [
      ORDER_STATUS_MESSAGES.cannotRefund("refunded"),
      "This order is refunded; only a paid, shipped or delivered order can be refunded.",
    ],
    // An order on account is worded for its own method: it ships unpaid.
    [
      ORDER_STATUS_MESSAGES.cannotShip(onAccount("cancelled", "unpaid")),
      "This order is cancelled; only an unpaid or paid order can be shipped.",
    ],
    [
      ORDER_STATUS_MESSAGES.cannotPay(onAccount("shipped", "unpaid")),
      "This order is on account: it is paid against its invoice, so it cannot be paid here.",
    ],
  ])("%s", (message, expected) => {
    expect(message).toBe(expected);
  });

  it("names, for every refused step, each status the table lets it start from", () => {
    for (const step of Object.keys(ORDER_TRANSITIONS) as OrderTransition[]) {
      for (const status of ORDER_STATUSES) {
        if (nextFacts(step, cardOrderFacts(status))) continue;
        const refusal = orderRefusal(step, status);
        for (const allowed of statusesFrom([step], ["card"])) expect(refusal).toContain(statusInWords(allowed));
      }
    }
  });
});

describe("the order's two facts", () => {
  it("derives SPEC.md's status from them, and allows only the pairs that can stand together", () => {
    expect(POSSIBLE_FACTS.map(({ fulfilment, payment }) => `${fulfilment}/${payment}`)).toEqual([
      "awaiting-approval/unpaid",
      "open/unpaid",
      "open/partially-paid",
      "open/paid",
      "open/partially-refunded",
      "partially-shipped/unpaid",
      "partially-shipped/partially-paid",
      "partially-shipped/paid",
      "partially-shipped/partially-refunded",
      "shipped/unpaid",
      "shipped/partially-paid",
      "shipped/paid",
      "shipped/partially-refunded",
      "shipped/refunded",
      "delivered/unpaid",
      "delivered/partially-paid",
      "delivered/paid",
      "delivered/partially-refunded",
      "delivered/refunded",
      "cancelled/unpaid",
      "cancelled/refunded",
    ]);
    expect(derivedStatus("open", "partially-paid")).toBe("unpaid");
    // Shipped in part, an order is still one to ship: it keeps the open order's word (decision 069).
    expect(derivedStatus("partially-shipped", "paid")).toBe("paid");
    expect(derivedStatus("shipped", "unpaid")).toBe("shipped");
    expect(derivedStatus("delivered", "refunded")).toBe("refunded");
  });

  it("every step from every pair of facts lands on a pair that can stand together", () => {
    const possible = new Set(POSSIBLE_FACTS.map(({ fulfilment, payment }) => `${fulfilment}/${payment}`));
    for (const step of Object.keys(ORDER_TRANSITIONS) as OrderTransition[]) {
      for (const { fulfilment, payment } of POSSIBLE_FACTS) {
        for (const paymentMethod of PAYMENT_METHODS) {
          const next = nextFacts(step, { fulfilmentStatus: fulfilment, paymentStatus: payment, paymentMethod });
          if (next) expect(possible.has(`${next.fulfilmentStatus}/${next.paymentStatus}`)).toBe(true);
        }
      }
    }
    expect(FULFILMENT_STATUSES.length * PAYMENT_STATUSES.length).toBeGreaterThan(possible.size);
  });

  it("ships a card order once paid, and an order on account unpaid", () => {
    expect(nextFacts("ship", cardOrderFacts("unpaid"))).toBeUndefined();
    expect(nextFacts("ship", cardOrderFacts("paid"))).toEqual({ fulfilmentStatus: "shipped", paymentStatus: "paid" });
    expect(nextFacts("ship", onAccount("open", "unpaid"))).toEqual({
      fulfilmentStatus: "shipped",
      paymentStatus: "unpaid",
    });
    expect(nextFacts("ship", onAccount("awaiting-approval", "unpaid"))).toBeUndefined();
  });

  it("refunds a card order before it ships by cancelling it; after, its goods stay where they are", () => {
    expect(nextFacts("refund", cardOrderFacts("paid"))).toEqual({
      fulfilmentStatus: "cancelled",
      paymentStatus: "refunded",
    });
    expect(nextFacts("refund", cardOrderFacts("delivered"))).toEqual({
      fulfilmentStatus: "delivered",
      paymentStatus: "refunded",
    });
    expect(nextFacts("deliver", { ...cardOrderFacts("shipped"), paymentStatus: "refunded" })).toBeUndefined();
  });

  it("cancels an order on account only before it ships and while nothing is paid", () => {
    expect(nextFacts("cancel", onAccount("open", "unpaid"))?.fulfilmentStatus).toBe("cancelled");
    expect(nextFacts("cancel", onAccount("shipped", "unpaid"))).toBeUndefined();
    expect(nextFacts("cancel", onAccount("open", "partially-paid"))).toBeUndefined();
    // Paying an invoice by card comes with the receivables: not through the card step yet.
    expect(nextFacts("pay", onAccount("shipped", "unpaid"))).toBeUndefined();
  });
});

describe("the order lifecycle's status sets", () => {
  it("reads each set from the table", () => {
    expect(OPEN_ORDER_STATUSES).toEqual(["awaiting-approval", "unpaid"]);
    expect(SPENDING_ORDER_STATUSES).toEqual(["unpaid", "paid", "shipped", "delivered"]);
    expect(ORDER_STATUSES.filter(refundAsksAboutStock)).toEqual(["shipped", "delivered"]);
    expect(statusesFrom(["ship"], ["card"])).toEqual(["paid"]);
    expect(statusesFrom(["ship"], ["invoice"])).toEqual(["unpaid", "paid"]);
  });
});

describe("the quote lifecycle", () => {
  const allowed = (step: keyof typeof QUOTE_LIFECYCLE.steps) =>
    QUOTE_STATUSES.filter((status) => QUOTE_LIFECYCLE.can(step, status));

  it("lets an admin send until the buyer decides, and the buyer accept a sent quote or decline before", () => {
    expect(allowed("send")).toEqual(["requested", "sent", "expired"]);
    expect(allowed("accept")).toEqual(["sent"]);
    expect(allowed("decline")).toEqual(["requested", "sent"]);
    expect(allowed("expire")).toEqual(["sent"]);
    expect(QUOTE_LIFECYCLE.stepsFor("buyer", "sent")).toEqual(["accept", "decline"]);
  });

  it.each([
    ["accept", "requested", "This quote has no price yet: wait for our mail"],
    ["accept", "accepted", "This quote has been accepted already"],
    ["decline", "declined", "This quote was declined"],
    ["accept", "expired", "This quote has expired"],
    ["send", "accepted", "This quote has been accepted already"],
  ] as const)("refuses to %s a quote %s: %j", (step, status, expected) => {
    expect(QUOTE_LIFECYCLE.refusal(step, status)).toBe(expected);
  });
});
