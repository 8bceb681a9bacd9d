import type { Order as OrderOnTheWire } from "@forgeline/contract";

/**
 * An order as the shop's code speaks of it. the spec's wire names stay on the wire, where `orderId` is the
 * product's id, `order` the product's name and `price` the order's total; they are renamed here, once.
 * The lifecycle's fields (`status`, `statusHistory`, `carrier`, `trackingNumber`, `trackingUrl`,
 * `invoiceNumber`) keep their wire names.
 */
export type Order = Omit<OrderOnTheWire, "orderId" | "order" | "price"> & {
  productId: string;
  productName: string;
  /** What the customer pays: unit price × quantity, in dollars. */
  total: number;
};

export function orderFromWire({ orderId, order, price, ...rest }: OrderOnTheWire): Order {
  return { ...rest, productId: orderId, productName: order, total: price };
}
