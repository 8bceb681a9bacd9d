import { useOrderStep } from "./order-step";

/** POST /api/admin/orders/{id}/cancel: an unpaid order is called off; no money moved. */
export function useCancelOrder(orderId: string) {
  return useOrderStep(orderId, "cancel");
}
