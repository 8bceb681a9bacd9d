import type { PaymentMethod, PaymentStatus } from "@forgeline/contract";

/** What paying needs to know of an order (the orders feature's Order has it). */
export interface OrderToPay {
  _id: string;
  /** FL-100234: the number a person says, which the page and its receipt name. */
  number: string;
  /** In dollars: the server checks it against the stored order. */
  total: number;
  paid: boolean;
  transactionId: string | null;
  /**
   * On account (`invoice`), the card pays what the invoice still owes, `balance`, once the order shipped with its
   * invoice; the server works the amount out itself (docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card'). Left
   * out of a colleague's order read by a requester, who pays none (decision 058).
   */
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  balance?: number | undefined;
  invoice: { number: string; dueAt: string | null } | null;
}

/** An order on account whose invoice still owes money: the card pays its balance. */
export const owesOnInvoice = (order: OrderToPay) =>
  order.paymentMethod === "invoice" && order.invoice !== null && order.balance !== undefined && order.balance > 0;

/** What the card pays: an invoice's balance on account, else the order's total (both in dollars). */
export const amountToPay = (order: OrderToPay): number =>
  order.paymentMethod === "invoice" ? (order.balance ?? 0) : order.total;
