import type { Cents } from "./money.js";
import type { PaymentMethod } from "./order-facts.js";
import type { OrderStatus } from "./order-status.js";

/**
 * What an order owes and what may still be credited of it (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): the one
 * home of every rule about an order's balance. The server's SQL says the same (server/src/ordering/tables.ts,
 * `owedSql` and `owingOnAccount`), the order's answer carries both figures in dollars, and the pages read them there.
 */

/** The statuses of an order that is over: cancelled, or refunded in full. Nothing is owed on one. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "refunded"] as const satisfies readonly OrderStatus[];
export type ClosedOrderStatus = (typeof CLOSED_ORDER_STATUSES)[number];

export const isClosed = (status: OrderStatus): status is ClosedOrderStatus =>
  (CLOSED_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The figures an order's balance is read from, as the order keeps them. */
export interface OrderBalanceFigures {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  invoiceNumber: string | null;
  totalCents: Cents;
  /** What the shop holds of what was paid (a credit note gives money paid back as the company's credit). */
  amountPaidCents: Cents;
  /** What its credit notes took off its total. */
  creditedCents: Cents;
}

/** What is still owed on it: the total less what credit notes took off and what was paid; nothing once closed. */
export const owedCents = (order: Omit<OrderBalanceFigures, "paymentMethod" | "invoiceNumber">): Cents =>
  isClosed(order.status) ? 0 : order.totalCents - order.creditedCents - order.amountPaidCents;

/**
 * What credit notes may still take off it: the total less what earlier ones credited, on an invoiced order on
 * account that is not closed; nothing on any other (a card order is refunded through its payment, an order on
 * account not yet invoiced is cancelled instead).
 */
export const creditableCents = (order: OrderBalanceFigures): Cents =>
  order.paymentMethod === "invoice" && order.invoiceNumber !== null && !isClosed(order.status)
    ? order.totalCents - order.creditedCents
    : 0;

/**
 * What an order on account's invoices still owe (docs/decisions/077-invoices-per-shipment.md): what they came to less
 * what was credited or paid of them; the pieces not shipped yet owe nothing until their shipment invoices them. The
 * same as `owedCents` once every piece is invoiced; what a card payment of its balance pays.
 */
export const invoicedOwedCents = (
  order: Pick<OrderBalanceFigures, "status" | "amountPaidCents" | "creditedCents"> & { invoicedCents: Cents },
): Cents => (isClosed(order.status) ? 0 : order.invoicedCents - order.creditedCents - order.amountPaidCents);

/** One invoice on account's figures, kept beside the ledger as an order's are. */
export interface InvoiceFigures {
  totalCents: Cents;
  paidCents: Cents;
  creditedCents: Cents;
}

/** What an invoice still owes. */
export const invoiceOwedCents = (invoice: InvoiceFigures): Cents =>
  invoice.totalCents - invoice.creditedCents - invoice.paidCents;

/** What credit notes may still take off an invoice: what it came to less what earlier ones credited. */
export const invoiceCreditableCents = (invoice: InvoiceFigures): Cents => invoice.totalCents - invoice.creditedCents;

/**
 * What an order's pages, answer and mails call its balance: once it has an invoice on account, what its invoices owe
 * (pieces still to ship owe nothing until their shipment invoices them: decision 077; the same as `owedCents` for an
 * order invoiced whole); before, and for a card order, what it owes.
 */
export const balanceCents = (order: OrderBalanceFigures & { invoicedCents: Cents }): Cents =>
  order.paymentMethod === "invoice" && order.invoiceNumber !== null ? invoicedOwedCents(order) : owedCents(order);
