import type { PageQuery, Product } from "@forgeline/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

/**
 * GET /api/product: one page of the catalogue, newest first. The server-rendered first screen fills the
 * same key; while the next page loads, the last one stays on screen.
 */
export const productsPageQuery = (page: PageQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, page],
    queryFn: () => apiGetPage<Product>("/api/product", page),
    placeholderData: keepPreviousData,
  });

export function useProducts(page: PageQuery) {
  return useQuery(productsPageQuery(page));
}
