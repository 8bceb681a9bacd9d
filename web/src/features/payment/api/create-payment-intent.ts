import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import type { OrderToPay } from "../order-to-pay";

/**
 * The card payment's client secret. A card order: POST /api/create-payment-intent, the server taking the amount
 * from the stored order, the total going along (as the spec's `price`) only to be checked against it. An order on
 * account: POST /api/payments/{id}/balance-intent, for what its invoice owes as the server's ledger says.
 */
export async function createPaymentIntent(order: OrderToPay): Promise<string> {
  if (order.paymentMethod === "invoice") {
    return (await apiAuthedOnce(orderApi.balanceIntent(order._id))).clientSecret;
  }
  const { clientSecret } = await apiAuthedOnce(orderApi.paymentIntent, { orderId: order._id, price: order.total });
  return clientSecret;
}
