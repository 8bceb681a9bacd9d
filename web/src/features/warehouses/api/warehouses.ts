import type { WarehouseBody, WarehousePatch } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { warehousesQueryKey } from "../../../lib/query-keys";

/** GET /api/admin/warehouses (admins): every warehouse, the first first. */
export const warehousesQuery = queryOptions({
  queryKey: warehousesQueryKey,
  queryFn: () => apiAuthed(adminApi.warehouses),
});

export function useWarehouses() {
  return useQuery(warehousesQuery);
}

/** POST /api/admin/warehouses (admins); the list is fetched again. */
export function useAddWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warehouse: WarehouseBody) => apiAuthed(adminApi.addWarehouse, warehouse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}

/** PATCH /api/admin/warehouses/{id} (admins): an edit, or making it inactive or active again. */
export function useUpdateWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WarehousePatch }) =>
      apiAuthed(adminApi.updateWarehouse(id), patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: warehousesQueryKey }),
  });
}

/** GET /api/admin/stock/pick-list (admins): the orders ready to ship and what to pick for them in one warehouse. */
export function usePickList(warehouseId: string | undefined) {
  return useQuery({
    queryKey: [...warehousesQueryKey, "pick-list", warehouseId],
    queryFn: () => apiAuthed(adminApi.pickList(warehouseId ?? "")),
    enabled: Boolean(warehouseId),
  });
}
