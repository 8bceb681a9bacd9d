import type { Product } from "@forgeline/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

export function useProducts(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...productsQueryKey, page],
    queryFn: () => apiGetPage<Product>("/api/product", page),
    placeholderData: keepPreviousData,
  });
}
