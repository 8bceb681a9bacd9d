import { PAGE_SIZE, type Product } from "@forgeline/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

export interface ListPage {
  limit: number;
  offset: number;
}

/** The key of one catalogue page; the server-rendered first screen fills the same key. */
export const productsPageQueryKey = (page: ListPage) => [...productsQueryKey, page] as const;

/** The catalogue page asked for by `?page=` on /availableProducts (1 when absent or nonsense). */
export function cataloguePage(searchParams: URLSearchParams): ListPage {
  const requested = Number.parseInt(searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  return { limit: PAGE_SIZE.catalogue, offset: (page - 1) * PAGE_SIZE.catalogue };
}

export function useProducts(page: ListPage) {
  return useQuery({
    queryKey: productsPageQueryKey(page),
    queryFn: () => apiGetPage<Product>("/api/product", page),
    placeholderData: keepPreviousData,
  });
}
