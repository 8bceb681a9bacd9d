import { useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { productsQueryKey } from "../../../lib/query-keys";

/**
 * GET /api/admin/stock/{productId} (admins): the tool's stock in each warehouse. Under the products' key, so a
 * restock (which refreshes every product list) reads it again too.
 */
export function useProductStock(productId: string) {
  return useQuery({
    queryKey: [...productsQueryKey, "stock", productId],
    queryFn: () => apiAuthed(adminApi.productStock(productId)),
  });
}
