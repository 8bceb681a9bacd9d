import type { PaymentResult, TestCardConfirmation } from "@forgeline/contract";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";

/** POST /api/payments/test/confirm: the test provider charges the card, as Stripe.js would with Stripe. */
export function confirmTestPayment(card: TestCardConfirmation): Promise<PaymentResult> {
  return apiAuthedOnce(orderApi.confirmTestPayment, card);
}
