import type { RefundBody } from "@forgeline/contract";
import { useOrderStep } from "./order-step";

/** POST /api/admin/orders/{id}/refund: the whole amount goes back; `restock` says whether the pieces do. */
export function useRefundOrder(orderId: string) {
  return useOrderStep<RefundBody>(orderId, "refund");
}
