import type { Product } from "@forgeline/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiGet } from "../../../lib/api-client";
import { productsQueryKey } from "../../../lib/query-keys";

/** How long typing must pause before the catalogue is asked. */
const DEBOUNCE_MS = 250;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

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
    queryFn: () => apiGet<Product[]>(`/api/product?${new URLSearchParams({ q, limit: "8" })}`),
  });
}
