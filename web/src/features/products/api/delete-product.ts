import type { DeletedCount, Product } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { productsQueryKey } from "../../../lib/query-keys";

/** DELETE /api/product/{id} (admins). Every product list is refreshed, whether it went or was gone already. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) =>
      apiAuthed<DeletedCount>(`/api/product/${encodeURIComponent(product._id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
