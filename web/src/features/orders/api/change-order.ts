import type { OrderChangeApplyBody, OrderChangeBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";
import { orderQuery } from "./get-order";

/** POST /api/ordering/{id}/changes/preview: each line's old and new price and the totals; nothing is stored. */
export function usePreviewChange(orderId: string) {
  return useMutation({
    mutationFn: (body: OrderChangeBody) => apiAuthed(orderApi.previewChange(orderId), body),
  });
}

/**
 * POST /api/ordering/{id}/changes: the change made on the revision the preview read, at the total it showed. The
 * order page shows the answer at once; whatever the answer, the lists read the order again (a refusal because it
 * changed meanwhile too).
 */
export function useApplyChange(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderChangeApplyBody) =>
      orderFromWire(await apiAuthed(orderApi.applyChange(orderId), body)),
    onSuccess: (order) => queryClient.setQueryData(orderQuery(orderId).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
