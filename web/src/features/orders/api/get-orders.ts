import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/**
 * GET /api/ordering?userEmail=: the signed-in customer's orders. Not retried: a refusal here ends the
 * sign-in at once (docs/SPEC-CONFORMANCE.md §4, shown by the page).
 */
export const myOrdersQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: [...ordersQueryKey, email],
    enabled: Boolean(email),
    retry: false,
    queryFn: async () => (await apiAuthed(orderApi.myOrders(email ?? ""))).map(orderFromWire),
  });

export function useMyOrders() {
  return useQuery(myOrdersQuery(useSession().data?.email));
}
