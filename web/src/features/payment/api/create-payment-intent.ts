import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import type { OrderToPay } from "../order-to-pay";

/**
 * POST /api/create-payment-intent: the card payment's client secret. The server takes the amount from the
 * stored order; the total goes along (as the spec's `price`) only to be checked against it.
 */
export async function createPaymentIntent(order: OrderToPay): Promise<string> {
  const { clientSecret } = await apiAuthedOnce(orderApi.paymentIntent, { orderId: order._id, price: order.total });
  return clientSecret;
}
