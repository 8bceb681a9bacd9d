import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminOrdersQueryKey } from "../../../lib/admin-query-keys";
import { apiAuthedPage } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { type OrderListState, orderListQuery } from "../order-list-state";

/** Every admin order query starts with this key (lib/admin-query-keys.ts): a status change refreshes them all. */
export { adminOrdersQueryKey };

/** GET /api/admin/orders (admins): one page of the filtered orders, newest first, and how many there are. */
export const adminOrdersQuery = (state: OrderListState) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, "list", state],
    queryFn: async () => {
      const page = await apiAuthedPage(adminApi.orders(orderListQuery(state)));
      return { items: page.items.map(orderFromWire), total: page.total };
    },
    // The table stays while the next page or tab loads, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(state: OrderListState) {
  return useQuery(adminOrdersQuery(state));
}
