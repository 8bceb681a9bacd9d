import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { orderFromWire, type PageOrder } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";

/** POST /api/ordering/{id}/cancel: the customer cancels an unpaid order of theirs (409 once it is not unpaid). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: Pick<PageOrder, "_id">) =>
      orderFromWire(await apiAuthed(orderApi.cancelOrder(order._id))),
    // Whatever the answer, the list and the order page show the order as the server has it now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
