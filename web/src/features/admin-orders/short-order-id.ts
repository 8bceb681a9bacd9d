/** An order's number as the admins read and search it: the start of its id, which the search matches. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
