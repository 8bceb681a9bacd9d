import type { Order } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi, type OrderStepBodies } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey, productsQueryKey } from "../../../lib/query-keys";
import { adminOrdersQueryKey } from "./get-admin-orders";

/**
 * POST /api/admin/orders/{id}/{step} (admins): one status change, `ship` with its carrier and tracking,
 * `refund` saying whether the pieces go back to stock, `deliver` and `cancel` with nothing. Afterwards every
 * order list and count is refreshed, and the products too (a refund may put pieces back in stock).
 */
export function useOrderStep<Step extends keyof OrderStepBodies>(orderId: string, step: Step) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderStepBodies[Step]) =>
      orderFromWire(await apiAuthed<Order, unknown>(adminApi.orderStep(orderId, step), body)),
    onSettled: () =>
      Promise.all(
        [adminOrdersQueryKey, ordersQueryKey, productsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
