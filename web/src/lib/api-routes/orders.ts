import type {
  BalanceIntentResponse,
  CartFillAnswer,
  CartImportBody,
  Order,
  OrderBody,
  OrderChangeApplyBody,
  OrderChangeBody,
  OrderChangePreview,
  OrderCreated,
  PaymentIntentBody,
  PaymentIntentResponse,
  PaymentResult,
  PricedOrder,
  PricingQuoteBody,
  ProposedChangeBody,
  TestCardConfirmation,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** A customer's orders and their payment. */
export const orderApi = {
  myOrders: (email: string) => `GET /api/ordering?userEmail=${part(email)}` as Route<Order[]>,
  order: (orderId: string) => `GET /api/ordering/${part(orderId)}` as Route<Order>,
  placeOrder: "POST /api/ordering" as Route<OrderCreated, OrderBody>,
  cancelOrder: (orderId: string) => `POST /api/ordering/${part(orderId)}/cancel` as Route<Order>,
  /** Changing an order's lines (docs/decisions/072-order-changes.md): what it would cost, then the change itself. */
  previewChange: (orderId: string) =>
    `POST /api/ordering/${part(orderId)}/changes/preview` as Route<OrderChangePreview, OrderChangeBody>,
  applyChange: (orderId: string) => `POST /api/ordering/${part(orderId)}/changes` as Route<Order, OrderChangeApplyBody>,
  /** An admin's change that raises the total, accepted or declined by the buyer (decision 078). */
  decideChange: (orderId: string, decision: "accept" | "decline") =>
    `POST /api/ordering/${part(orderId)}/proposed-change/${decision}` as Route<Order, ProposedChangeBody>,
  reorder: (orderId: string) => `POST /api/ordering/${part(orderId)}/reorder` as Route<CartFillAnswer>,
  paymentIntent: "POST /api/create-payment-intent" as Route<PaymentIntentResponse, PaymentIntentBody>,
  /** An order on account: a card payment of what its invoice still owes (the server says how much). */
  balanceIntent: (orderId: string) =>
    `POST /api/payments/${part(orderId)}/balance-intent` as Route<BalanceIntentResponse>,
  confirmTestPayment: "POST /api/payments/test/confirm" as Route<PaymentResult, TestCardConfirmation>,
  reconcilePayment: (orderId: string) => `POST /api/payments/${part(orderId)}/reconcile` as Route<PaymentResult>,
  invoice: (orderId: string) => `GET /api/ordering/${orderId}/invoice` as Route<Blob>,
  /** One shipment's packing slip (PDF): whoever reads the order, and admins (docs/STOCK.md, 'Shipments'). */
  packingSlip: (orderId: string, shipmentId: string) =>
    `GET /api/ordering/${orderId}/shipments/${shipmentId}/packing-slip.pdf` as Route<Blob>,
  /** The invoice a shipment of an order on account is billed on (PDF): whoever gets the order's invoice. */
  shipmentInvoice: (orderId: string, shipmentId: string) =>
    `GET /api/ordering/${orderId}/shipments/${shipmentId}/invoice` as Route<Blob>,
  creditNote: (orderId: string, number: string) =>
    `GET /api/ordering/${part(orderId)}/credit-notes/${part(number)}` as Route<Blob>,
  /** What the server would charge for these lines, storing nothing. */
  price: "POST /api/pricing/quote" as Route<PricedOrder, PricingQuoteBody>,
  importRows: "POST /api/cart/import" as Route<CartFillAnswer, CartImportBody>,
};
