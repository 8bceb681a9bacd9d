import { isClosed } from "./order-balance.js";
import { owesDifference } from "./order-change-terms.js";
import type { OrderFacts } from "./order-facts.js";
import { canTransition } from "./order-lifecycle.js";
import { type OrderStatus, statusInWords } from "./order-status.js";

/**
 * Paying an invoice's balance by card (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'): a buyer of an
 * order on account pays what its invoice still owes through the card payment provider, as a card order is paid.
 * No zod here: the order pages read it (which orders offer "Pay $X by card") without a schema library.
 */
export const BALANCE_PAYMENT_MESSAGES = {
  cardOrder: "This order is paid by card before it ships: it has no invoice balance to pay.",
  notInvoiced: "This order has no invoice yet: it can be paid once it ships.",
  closed: (status: OrderStatus) => `This order is ${statusInWords(status)}: nothing is owed on it.`,
  nothingOwed: (invoiceNumber: string) => `Invoice ${invoiceNumber} is paid: nothing is left to pay on it.`,
} as const;

/** What decides whether an order's balance can be paid by card now. */
export interface BalanceToPay extends OrderFacts {
  status: OrderStatus;
  invoiceNumber: string | null;
  /** What its invoice still owes (dollars on the wire, cents on the server: only whether it is above 0 counts). */
  balance: number;
}

/**
 * Why this order's balance cannot be paid by card now, or undefined when it can: an order on account, invoiced
 * (shipped), not cancelled or refunded, with money still owed that the order's payment fact can take (contract
 * ORDER_TRANSITIONS `settle`); or a card order that owes the difference of a change (`payDifference`).
 */
export function balancePaymentRefusal(order: BalanceToPay): string | undefined {
  // A card order changed to cost more than was paid owes the difference, paid the same way (decision 076).
  if (order.paymentMethod !== "invoice") {
    return owesDifference(order) && order.balance > 0 ? undefined : BALANCE_PAYMENT_MESSAGES.cardOrder;
  }
  if (isClosed(order.status)) return BALANCE_PAYMENT_MESSAGES.closed(order.status);
  if (order.invoiceNumber === null) return BALANCE_PAYMENT_MESSAGES.notInvoiced;
  if (order.balance <= 0 || !canTransition("settle", order)) {
    return BALANCE_PAYMENT_MESSAGES.nothingOwed(order.invoiceNumber);
  }
  return undefined;
}

/** Whether a buyer may pay this order's balance by card now. */
export const balancePayable = (order: BalanceToPay): boolean => balancePaymentRefusal(order) === undefined;
