import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";
import { orderQuery } from "./get-order";

/**
 * POST /api/ordering/{id}/proposed-change/accept or /decline: the buyer's answer to an admin's change that raises the
 * total (docs/decisions/078-admins-change-orders.md). The order page shows the answer at once; whatever the answer,
 * the order is read again (a refusal because it changed meanwhile too).
 */
export function useDecideChange(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ decision, changeId }: { decision: "accept" | "decline"; changeId: string }) =>
      orderFromWire(await apiAuthed(orderApi.decideChange(orderId, decision), { changeId })),
    onSuccess: (order) => queryClient.setQueryData(orderQuery(orderId).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
