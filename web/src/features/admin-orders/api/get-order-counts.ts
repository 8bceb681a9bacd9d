import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { adminOrdersQueryKey } from "./get-admin-orders";

/** GET /api/admin/orders/counts?q= (admins): how many orders the search finds per status, for the tabs. */
export const orderCountsQuery = (q: string) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, "counts", q],
    queryFn: () => apiAuthed(adminApi.orderCounts(new URLSearchParams(q ? { q } : {}))),
    placeholderData: keepPreviousData,
  });

export function useOrderCounts(q: string) {
  return useQuery(orderCountsQuery(q));
}
