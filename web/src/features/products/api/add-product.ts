import type { ProductBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { productsQueryKey } from "../../../lib/query-keys";

/** POST /api/product (admins). A new product refreshes every product list: home, catalogue, Manage Product. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductBody) => apiAuthed(adminApi.addProduct, product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
