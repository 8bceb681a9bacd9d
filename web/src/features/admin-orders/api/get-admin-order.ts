import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { adminOrdersQueryKey } from "./get-admin-orders";

/** GET /api/admin/orders/{id} (admins): any order with its history. */
export const adminOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, "order", orderId],
    queryFn: async () => orderFromWire(await apiAuthed(adminApi.order(orderId))),
  });

export function useAdminOrder(orderId: string) {
  return useQuery(adminOrderQuery(orderId));
}
