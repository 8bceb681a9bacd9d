/** What paying needs to know of an order (the orders feature's Order has it). */
export interface OrderToPay {
  _id: string;
  /** In dollars: the server checks it against the stored order. */
  total: number;
  paid: boolean;
  transactionId: string | null;
}
