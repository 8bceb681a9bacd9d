import { useOrderStep } from "./order-step";

/** POST /api/admin/orders/{id}/deliver: a shipped order has arrived. */
export function useDeliverOrder(orderId: string) {
  return useOrderStep(orderId, "deliver");
}
