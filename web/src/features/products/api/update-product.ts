import type { ProductPatch } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { productsQueryKey } from "../../../lib/query-keys";

/**
 * PATCH /api/product/{id} (admins): an edit or a restock. Every product list and page is refreshed, so the
 * catalogue, the product's page and Manage Product show the change at once.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ProductPatch }) => apiAuthed(adminApi.updateProduct(id), patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
