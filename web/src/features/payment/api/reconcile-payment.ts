import type { PaymentResult } from "@forgeline/contract";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import type { OrderToPay } from "../order-to-pay";

/**
 * POST /api/payments/{orderId}/reconcile, after Stripe.js confirmed the card: the server asks Stripe where
 * the payment stands and settles the order (the webhook may come late). Answers only once the order is
 * paid; otherwise an ApiError says why.
 */
export function reconcilePayment(order: OrderToPay): Promise<PaymentResult> {
  return apiAuthedOnce(orderApi.reconcilePayment(order._id));
}
