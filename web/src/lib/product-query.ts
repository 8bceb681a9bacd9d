import type { Product } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiCall } from "./api-client";
import { publicApi } from "./api-routes/public";
import { productsQueryKey } from "./query-keys";

/**
 * GET /api/product/{id}: the product, or null when the catalogue has no such product (unknown, withdrawn
 * or no id at all), which the pages show as such rather than as a failure to retry.
 */
export const productQuery = (id: string | null) =>
  queryOptions({
    queryKey: [...productsQueryKey, "one", id],
    enabled: Boolean(id),
    queryFn: async (): Promise<Product | null> => {
      try {
        return await apiCall(publicApi.product(id ?? ""));
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });

export function useProduct(id: string | null) {
  return useQuery(productQuery(id));
}
