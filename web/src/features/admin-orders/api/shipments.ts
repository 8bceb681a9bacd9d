import type { ShipmentBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey, productsQueryKey, warehousesQueryKey } from "../../../lib/query-keys";
import { adminOrdersQueryKey } from "./get-admin-orders";

/** Every warehouse, the first first: where a part of an order may ship from. */
const warehousesQuery = queryOptions({
  queryKey: warehousesQueryKey,
  queryFn: () => apiAuthed(adminApi.warehouses),
});

export function useShipFromWarehouses() {
  return useQuery(warehousesQuery);
}

/** After a shipment every order list and count is fetched again, and the products (their stock moved). */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminOrdersQueryKey, ordersQueryKey, productsQueryKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/admin/orders/{id}/shipments (admins): part of the order shipped from one warehouse. */
export function useShipPart(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: async (body: ShipmentBody) => orderFromWire(await apiAuthed(adminApi.shipPart(orderId), body)),
    onSettled: refresh,
  });
}

/** POST /api/admin/orders/{id}/shipments/{shipmentId}/deliver (admins): one shipment arrived. */
export function useDeliverShipment(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: async (shipmentId: string) =>
      orderFromWire(await apiAuthed(adminApi.deliverShipment(orderId, shipmentId))),
    onSettled: refresh,
  });
}
