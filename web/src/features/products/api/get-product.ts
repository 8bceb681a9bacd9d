import type { Product } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

export function useProduct(id: string | null) {
  return useQuery({
    queryKey: [...productsQueryKey, "one", id],
    enabled: Boolean(id),
    queryFn: () => apiGet<Product>(`/api/product/${encodeURIComponent(id ?? "")}`),
  });
}
