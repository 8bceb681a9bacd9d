import type { Product } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

/** GET /api/product/{id}. */
export const productQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...productsQueryKey, "one", id],
    enabled: Boolean(id),
    queryFn: () => apiGet<Product>(`/api/product/${encodeURIComponent(id ?? "")}`),
  });

export function useProduct(id: string | null) {
  return useQuery(productQuery(id));
}
