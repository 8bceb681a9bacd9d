import type { Order as OrderOnTheWire } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey, productsQueryKey } from "../../../lib/query-keys";
import { adminOrdersQueryKey } from "./get-admin-orders";

/**
 * POST /api/admin/orders/{id}/{step} (admins): one status change. Afterwards every order list and count
 * is refreshed, and the products too (a refund may put pieces back in stock).
 */
export function useOrderStep<Body = undefined>(orderId: string, step: "ship" | "deliver" | "cancel" | "refund") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) =>
      orderFromWire(
        await apiAuthed<OrderOnTheWire>(`/api/admin/orders/${encodeURIComponent(orderId)}/${step}`, {
          method: "POST",
          body,
        }),
      ),
    onSettled: () =>
      Promise.all(
        [adminOrdersQueryKey, ordersQueryKey, productsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
