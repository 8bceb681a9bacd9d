import type { Order, OrderWithCredit } from "@forgeline/contract";

/**
 * An order as the pages speak of it (the contract's `Order` is the API's answer). The spec's wire names stay
 * on the wire, where `orderId` is the first line's product id, `order` its name ("+ N more" when the order has
 * more lines) and `price` the order's total; they are renamed here, once. Everything else keeps its wire name: the lifecycle's fields
 * (`status`, `statusHistory`, `carrier`, `trackingNumber`, `trackingUrl`, `invoiceNumber`) and the priced
 * order's (`lines`, `subtotal`, `promotion`, `discount`, `taxRate`, `tax`, `poNumber`, `companyId`).
 */
export type PageOrder<Wire extends Order = Order> = Omit<Wire, "orderId" | "order" | "price"> & {
  /** The first line's product. */
  productId: string;
  /** The first line's name, with "+ N more" when the order has more lines. */
  productName: string;
  /** What the customer pays: the lines' totals less the discount plus tax, in dollars, as the server priced it. */
  total: number;
};

/** An order as the admin pages read it: an admin route's answer always says what it owes. */
export type AdminPageOrder = PageOrder<OrderWithCredit>;

export function orderFromWire<Wire extends Order>({ orderId, order, price, ...rest }: Wire): PageOrder<Wire> {
  return { ...rest, productId: orderId, productName: order, total: price };
}
