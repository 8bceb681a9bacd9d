import type { Order, PaymentResult } from "@forgeline/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../lib/api-authed";
import { ordersQueryKey } from "../../lib/query-keys";

export function useOrder(id: string) {
  return useQuery({
    queryKey: [...ordersQueryKey, "one", id],
    retry: false,
    queryFn: () => apiAuthed<Order>(`/api/ordering/${encodeURIComponent(id)}`),
  });
}

/** The server computes the amount from the order; the price is sent only to be checked against it. */
export async function createPaymentIntent(order: Order): Promise<string> {
  const { clientSecret } = await apiAuthed<{ clientSecret: string }>("/api/create-payment-intent", {
    method: "POST",
    body: { orderId: order._id, price: order.price },
  });
  return clientSecret;
}

export async function confirmTestPayment(card: {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}) {
  return apiAuthed<PaymentResult>("/api/payments/test/confirm", { method: "POST", body: card });
}

/**
 * After Stripe.js confirmed the card: the server asks Stripe where the payment stands and settles the
 * order (the webhook may come late). Answers only once the order is paid; otherwise an ApiError says why.
 */
export async function reconcilePayment(order: Order) {
  return apiAuthed<PaymentResult>(`/api/payments/${encodeURIComponent(order._id)}/reconcile`, { method: "POST" });
}

/** After a payment every order list and this order's page show the new state. */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersQueryKey });
}
