import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";

/** GET /api/ordering/{id}: one of the caller's orders (another's is a 404). Not retried: a 404 is final. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, "one", id],
    retry: false,
    queryFn: async () => orderFromWire(await apiAuthed(orderApi.order(id))),
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
