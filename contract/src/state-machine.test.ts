import { describe, expect, it } from "vitest";
import { ORDER_STATUS_MESSAGES } from "./order-admin.js";
import {
  MONEY_HELD_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_LIFECYCLE,
  ORDER_TRANSITIONS,
  type OrderTransition,
  refundAsksAboutStock,
  SPENDING_ORDER_STATUSES,
  transitionsFor,
} from "./order-lifecycle.js";
import { ORDER_STATUSES, statusInWords } from "./order-status.js";
import { QUOTE_LIFECYCLE } from "./quote-lifecycle.js";
import { QUOTE_STATUSES } from "./quote-terms.js";

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
  ])("%s", (message, expected) => {
    expect(message).toBe(expected);
  });

  it("names, for every refused step, each status the table lets it start from", () => {
    for (const step of Object.keys(ORDER_TRANSITIONS) as OrderTransition[]) {
      for (const status of ORDER_STATUSES.filter((status) => !ORDER_LIFECYCLE.can(step, status))) {
        const refusal = ORDER_LIFECYCLE.refusal(step, status);
        for (const allowed of ORDER_TRANSITIONS[step].from) expect(refusal).toContain(statusInWords(allowed));
      }
    }
  });
});

describe("the order lifecycle's status sets", () => {
  it("reads each set from the table", () => {
    expect(OPEN_ORDER_STATUSES).toEqual(["awaiting-approval", "unpaid"]);
    expect(MONEY_HELD_STATUSES).toEqual(["paid", "shipped", "delivered"]);
    expect(SPENDING_ORDER_STATUSES).toEqual(["unpaid", "paid", "shipped", "delivered"]);
    expect(ORDER_STATUSES.filter(refundAsksAboutStock)).toEqual(["shipped", "delivered"]);
  });

  it("offers each actor the steps the table gives them", () => {
    expect(transitionsFor("customer", "awaiting-approval")).toEqual(["cancel"]);
    expect(transitionsFor("company-owner", "awaiting-approval")).toEqual(["approve", "reject"]);
    expect(transitionsFor("admin", "paid")).toEqual(["ship", "refund"]);
    expect(transitionsFor("admin", "cancelled")).toEqual([]);
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
