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

/** A card order changed to cost more than was paid: it owes the difference, its balance (decision 076). */
export const paysDifference = (order: OrderToPay) =>
  order.paymentMethod === "card" && order.paymentStatus === "partially-paid";

/** Whether the card pays the order's balance (an invoice's, or a changed order's difference) rather than its total. */
export const paysBalance = (order: OrderToPay) => order.paymentMethod === "invoice" || paysDifference(order);

/** What the card pays: an invoice's balance on account or a changed order's difference, else the order's total. */
export const amountToPay = (order: OrderToPay): number => (paysBalance(order) ? (order.balance ?? 0) : order.total);
