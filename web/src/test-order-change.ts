import { type OrderChangePreview, type OrderWithCredit, type Product, withOrderActions } from "@forgeline/contract";
import { actor, listLine, pricedOrder } from "./test-orders";

/**
 * An order to change and the server's preview of a change of it (docs/decisions/075-the-change-order-page.md,
 * 078-admins-change-orders.md), for the tests of the buyer's and the admin's change pages and of a change that waits
 * for the buyer: 100 cordless drills at $99 raised to 150 at $89.
 */
export const CHANGE_EMAIL = "ana@example.com";
export const CHANGE_ORDER_ID = "7b0f6d1e-0000-4000-8000-000000000001";
export const DRILL_ID = "3c1d2e3f-0000-4000-8000-000000000002";

export const drill: Product = {
  _id: DRILL_ID,
  name: "Cordless drill",
  price: 99,
  quantity: 1000,
  image: "/images/drill.webp",
  description: "20 V.",
  sku: "FL-DRL-20V",
  quantityRule: { min: 100, max: 500, step: 25 },
  tiers: [{ minQuantity: 150, unitPrice: 89 }],
};

const placed = {
  kind: "placed",
  status: "unpaid",
  at: "2030-01-01T12:00:00.000Z",
  by: CHANGE_EMAIL,
  note: "Placed",
} as const;
const line = listLine({ productId: DRILL_ID, name: "Cordless drill", quantity: 100, unitPrice: 99, total: 9900 });

/** The buyer's unpaid order of 100 drills, with what they may do to it. */
export const orderToChange: OrderWithCredit = withOrderActions(actor(CHANGE_EMAIL), {
  _id: CHANGE_ORDER_ID,
  number: "FL-100007",
  orderId: DRILL_ID,
  order: "Cordless drill",
  unitPrice: 99,
  quantity: 100,
  price: 9900,
  userEmail: CHANGE_EMAIL,
  userName: "Ana",
  phone: "5550100",
  address: "1 Yard Road",
  paid: false,
  transactionId: null,
  status: "unpaid",
  statusHistory: [placed],
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  invoiceNumber: null,
  createdAt: "2030-01-01T12:00:00.000Z",
  ...pricedOrder([{ ...line, sku: "FL-DRL-20V" }], 9900),
});

/** The server's preview of 150 drills: the tier's $89, $3,450.00 more. */
export const drillPreview: OrderChangePreview = {
  orderId: CHANGE_ORDER_ID,
  revision: 3,
  lines: [
    {
      productId: DRILL_ID,
      sku: "FL-DRL-20V",
      name: "Cordless drill",
      change: "changed",
      oldQuantity: 100,
      quantity: 150,
      oldUnitPrice: 99,
      unitPrice: 89,
      oldTotal: 9900,
      total: 13350,
    },
  ],
  before: { subtotal: 9900, discount: 0, tax: 0, total: 9900 },
  after: { subtotal: 13350, discount: 0, tax: 0, total: 13350 },
  difference: 3450,
  waitsForApproval: false,
  money: { owed: 0, refunded: 0 },
};
