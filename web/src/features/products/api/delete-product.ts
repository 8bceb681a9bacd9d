import type { Product } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { productsQueryKey } from "../../../lib/query-keys";

/** DELETE /api/product/{id} (admins). Every product list is refreshed, whether it went or was gone already. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => apiAuthed(adminApi.deleteProduct(product._id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
