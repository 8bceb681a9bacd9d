import type { OrderChangeApplyBody, OrderChangeBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey, productsQueryKey } from "../../../lib/query-keys";
import { adminOrderQuery } from "./get-admin-order";
import { adminOrdersQueryKey } from "./get-admin-orders";

/** POST /api/admin/orders/{id}/changes/preview (admins): each line's old and new price; nothing is stored. */
export function useAdminPreviewChange(orderId: string) {
  return useMutation({
    mutationFn: (body: OrderChangeBody) => apiAuthed(adminApi.previewChange(orderId), body),
  });
}

/**
 * POST /api/admin/orders/{id}/changes (admins): the change, applied, or waiting for the buyer when it raises the
 * total (decision 078). The order page shows the answer at once; the lists and the stock read again.
 */
export function useAdminApplyChange(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderChangeApplyBody) =>
      orderFromWire(await apiAuthed(adminApi.applyChange(orderId), body)),
    onSuccess: (order) => queryClient.setQueryData(adminOrderQuery(orderId).queryKey, order),
    onSettled: () =>
      Promise.all(
        [adminOrdersQueryKey, ordersQueryKey, productsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
