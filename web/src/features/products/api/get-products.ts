import { type CatalogueQuery, catalogueSearchParams } from "@forgeline/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { publicApi } from "../../../lib/api-routes/public";
import { productsQueryKey } from "../../../lib/query-keys";

/**
 * GET /api/product: one page of the catalogue, searched, sorted and filtered as asked. The server-rendered
 * first screen fills the same key; while the next page loads, the last one stays on screen.
 */
export const productsPageQuery = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, query],
    queryFn: () => apiGetPage(publicApi.products, catalogueSearchParams(query)),
    placeholderData: keepPreviousData,
  });

export function useProducts(query: CatalogueQuery) {
  return useQuery(productsPageQuery(query));
}
