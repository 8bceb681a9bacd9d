import type { Product, ProductBody, User } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../lib/api-authed";
import { productsQueryKey } from "../../lib/query-keys";

export const usersQueryKey = ["users"] as const;

export function useAllUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: () => apiAuthed<User[]>("/api/user?limit=100") });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiAuthed<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: "PUT" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

/** Adding or deleting a product refreshes every product list: home, catalogue and this table. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: ProductBody) =>
      apiAuthed<{ insertedId: string }>("/api/product", { method: "POST", body: product }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) =>
      apiAuthed<{ deletedCount: number }>(`/api/product/${encodeURIComponent(product._id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
