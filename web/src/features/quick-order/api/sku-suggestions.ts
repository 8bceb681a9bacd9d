import type { Product } from "@forgeline/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiCall, type Route } from "../../../lib/api-client";
import { publicApi } from "../../../lib/api-routes/public";
import { productsQueryKey } from "../../../lib/query-keys";
import { useDebounced } from "../../../lib/use-debounced";

/** How long typing must pause before the catalogue is asked. */
const DEBOUNCE_MS = 250;

/**
 * Tools whose SKU or name matches what the buyer types (the catalogue's search, GET /api/product?q=), asked
 * once typing pauses and from two characters on; the last suggestions stay while the next are on their way.
 */
export function useSkuSuggestions(typed: string) {
  const q = useDebounced(typed.trim(), DEBOUNCE_MS);
  return useQuery({
    queryKey: [...productsQueryKey, "suggestions", q],
    enabled: q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: () => apiCall(`${publicApi.products}?${new URLSearchParams({ q, limit: "8" })}` as Route<Product[]>),
  });
}
