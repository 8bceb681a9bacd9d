import { expect, it } from "vitest";
import { accountOrder, cardOrder } from "../test-orders";
import { deliveryFact, eventTitle, moneyFact, moneyLines, movementLine } from "./order-words";

const invoice = { number: "INV-2030-000007", issuedAt: "2030-11-26T09:00:00.000Z", dueAt: "2030-12-26T09:00:00.000Z" };
const words = (order: Parameters<typeof moneyFact>[0], now = new Date("2030-12-01T12:00:00Z")) =>
  [deliveryFact(order).text, moneyFact(order, now).text] as const;

it("says an order on account's two facts as a buyer would: its terms before the invoice, the due day after", () => {
  expect(words(accountOrder(1200))).toEqual(["To ship", "Invoice when shipped, net 30"]);
  expect(words(accountOrder(1200, invoice))).toEqual(["Shipped", "Due 26 Dec"]);
  // The due day is the invoice's UTC day, as its PDF dates it, wherever the page is read.
  expect(words(accountOrder(1200, { ...invoice, dueAt: "2030-12-26T23:30:00.000Z" }))[1]).toBe("Due 26 Dec");
  const late = new Date("2031-01-08T10:00:00Z");
  expect(moneyFact(accountOrder(1200, invoice, true), late)).toEqual({ text: "Overdue 13 days", tone: "warning" });
  expect(moneyFact({ ...accountOrder(1200, invoice, true), paymentStatus: "partially-paid" }, late).text).toBe(
    "Paid in part, overdue 13 days",
  );
  expect(words({ ...accountOrder(1200, invoice), paymentStatus: "partially-paid", balance: 700 })[1]).toBe(
    "Paid in part",
  );
  expect(words({ ...accountOrder(1200, invoice), paymentStatus: "paid", balance: 0 })[1]).toBe("Paid");
  expect(words({ ...accountOrder(1200, invoice), paymentStatus: "partially-refunded", balance: 0 })[1]).toBe(
    "Paid, part credited",
  );
  expect(words({ ...accountOrder(1200, invoice), paymentStatus: "refunded", balance: 0 })[1]).toBe("Refunded");
  // A requester reading a colleague's order has no balance: its terms, never a due day (decision 058).
  expect(words({ ...accountOrder(1200, invoice, true), balance: undefined, overdue: undefined })[1]).toBe(
    "Invoiced, net 30",
  );
});

it("never says a lone Unpaid: a card order waits for its payment, a cancelled one owes nothing", () => {
  expect(words(cardOrder("unpaid", 1200))).toEqual(["Ships once paid", "Awaiting payment"]);
  expect(words(cardOrder("awaiting-approval", 1200))).toEqual(["Awaiting approval", "Pay once approved"]);
  expect(words(cardOrder("paid", 1200))).toEqual(["To ship", "Paid"]);
  // Changed to cost more than was paid: it owes the difference and ships once that is paid (decision 076).
  expect(words({ ...cardOrder("paid", 1200), paymentStatus: "partially-paid", balance: 250 })).toEqual([
    "Ships once paid",
    "Owes $250.00",
  ]);
  expect(words(cardOrder("delivered", 1200))).toEqual(["Delivered", "Paid"]);
  expect(words(cardOrder("cancelled", 1200))).toEqual(["Cancelled", "Nothing to pay"]);
  expect(words(cardOrder("refunded", 1200))).toEqual(["Cancelled", "Refunded"]);
  expect(words({ ...accountOrder(1200), fulfilmentStatus: "cancelled" })).toEqual(["Cancelled", "Nothing to pay"]);
});

it("writes each movement of money as its own line, the transfer with its reference and day", () => {
  const transfer = {
    kind: "payment",
    amount: 5000,
    method: "transfer",
    reference: "ACME-TRF-7781",
    day: "2030-12-03",
  } as const;
  expect(movementLine(transfer)).toBe("Paid $5,000.00 by bank transfer ACME-TRF-7781 on 3 Dec");
  expect(movementLine({ ...transfer, method: "card", reference: "pi_123", amount: 5500 })).toBe(
    "Paid $5,500.00 by card on 3 Dec",
  );
  expect(movementLine({ ...transfer, method: "credit", reference: "Credit to INV-2030-000007" })).toBe(
    "Paid $5,000.00 from the company's credit on 3 Dec",
  );
  const creditNote = {
    kind: "credit-note",
    amount: 432,
    method: null,
    reference: "CN-000012",
    day: "2030-12-04",
  } as const;
  expect(movementLine(creditNote)).toBe("Credit note CN-000012 $432.00");
  expect(movementLine({ ...creditNote, reason: "Two drills came back damaged" })).toBe(
    "Credit note CN-000012 $432.00 (Two drills came back damaged)",
  );
  expect(movementLine({ kind: "refund", amount: 1200, method: "card", reference: "pi_1", day: "2030-12-05" })).toBe(
    "Refunded $1,200.00 to the card on 5 Dec",
  );
});

it("lists an order's money between its total and its balance, and nothing before money moved or was invoiced", () => {
  expect(moneyLines({ ...accountOrder(1200), total: 1200 })).toBeNull();
  expect(moneyLines({ ...accountOrder(1200, invoice), total: 1200 })).toEqual({
    total: "$1,200.00",
    movements: [],
    balance: "$1,200.00",
  });
  const moneyMovements = [
    { kind: "payment", amount: 500, method: "transfer", reference: "T-1", day: "2030-12-03" },
    { kind: "credit-note", amount: 100, method: null, reference: "CN-000001", day: "2030-12-04" },
  ] as const;
  expect(
    moneyLines({ ...accountOrder(1200, invoice), total: 1200, balance: 600, moneyMovements: [...moneyMovements] }),
  ).toEqual({
    total: "$1,200.00",
    movements: ["Paid $500.00 by bank transfer T-1 on 3 Dec", "Credit note CN-000001 $100.00"],
    balance: "$600.00",
  });
  // A requester reading a colleague's order: no money figures at all.
  expect(
    moneyLines({ ...accountOrder(1200, invoice), total: 1200, balance: undefined, moneyMovements: undefined }),
  ).toBeNull();
});

it("titles a history entry by what happened", () => {
  expect(eventTitle({ kind: "payment-received" })).toBe("Payment received");
  expect(eventTitle({ kind: "credit-note" })).toBe("Credit note");
  expect(eventTitle({ kind: "shipped" })).toBe("Shipped");
  expect(eventTitle({ kind: "paid" })).toBe("Paid by card");
});
