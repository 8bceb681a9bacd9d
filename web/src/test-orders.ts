import {
  type Actor,
  cardOrderFacts,
  isClosed,
  type Order,
  type OrderStatus,
  type OrderWithCredit,
  type PricedLine,
  withBackOfficeOrderActions,
} from "@forgeline/contract";

type Priced = Pick<
  OrderWithCredit,
  | "lines"
  | "subtotal"
  | "promotion"
  | "discount"
  | "taxRate"
  | "tax"
  | "poNumber"
  | "companyId"
  | "fulfilmentStatus"
  | "paymentStatus"
  | "paymentMethod"
  | "netDays"
  | "amountPaid"
  | "credited"
  | "creditNotes"
  | "moneyMovements"
  | "balance"
  | "creditable"
  | "invoice"
  | "overdue"
  | "shipments"
>;

/** A line at the list price, as the server prices it (the figures given, never worked out by the page). */
export function listLine(
  line: Pick<PricedLine, "productId" | "name" | "quantity" | "unitPrice" | "total"> & { sku?: string },
): PricedLine {
  return { sku: "FL-TW-150", listUnitPrice: line.unitPrice, priceSource: "list", discount: 0, ...line };
}

/**
 * The priced fields of an order of these lines: no promotion, no tax, no PO number; paid by card, and unpaid
 * unless `cardOrder` gives it another status.
 */
export function pricedOrder(lines: PricedLine[], subtotal: number, overrides: Partial<Priced> = {}): Priced {
  return {
    lines,
    subtotal,
    promotion: null,
    discount: 0,
    taxRate: 0,
    tax: 0,
    poNumber: null,
    companyId: null,
    ...cardOrder("unpaid", subtotal),
    ...overrides,
  };
}

/** The facts and money of a card order of this total in this status. */
export function cardOrder(status: OrderStatus, total: number) {
  const facts = cardOrderFacts(status);
  const amountPaid = facts.paymentStatus === "paid" ? total : 0;
  return {
    ...facts,
    netDays: null,
    amountPaid,
    credited: 0,
    creditNotes: [],
    moneyMovements: [],
    balance: isClosed(status) ? 0 : total - amountPaid,
    creditable: 0,
    invoice: null,
    overdue: false,
    shipments: [] as Order["shipments"],
  };
}

/**
 * The facts and money of an order on account (net 30) of this total, nothing paid: open until it has its
 * `invoice`, then shipped, `overdue` when the server read it so.
 */
export function accountOrder(total: number, invoice: Order["invoice"] = null, overdue = false) {
  const creditNotes: Order["creditNotes"] = [];
  const moneyMovements: Order["moneyMovements"] = [];
  return {
    fulfilmentStatus: invoice ? "shipped" : "open",
    paymentStatus: "unpaid",
    paymentMethod: "invoice",
    netDays: 30,
    amountPaid: 0,
    credited: 0,
    creditNotes,
    moneyMovements,
    balance: total,
    creditable: invoice ? total : 0,
    invoice,
    overdue,
    invoiceNumber: invoice?.number ?? null,
    status: invoice ? "shipped" : "unpaid",
    shipments: [] as Order["shipments"],
  } as const;
}

/** Who the server worked an answer's `actions` out for: a customer, or a member of `company` in a role. */
export const actor = (email: string, company: Actor["company"] = null): Actor => ({ email, role: "customer", company });

/** An order as an admin route answers it: with what an admin may do to it there, worked out as the server does. */
export const inTheBackOffice = (order: OrderWithCredit): OrderWithCredit =>
  withBackOfficeOrderActions({ email: "owner@example.com", role: "admin", company: null }, order);
