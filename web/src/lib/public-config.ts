import type { PublicConfig } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";

/** GET /api/config: which payment form and sign-in buttons to show. It does not change while the page lives. */
export const publicConfigQuery = queryOptions({
  queryKey: ["config"],
  queryFn: () => apiGet<PublicConfig>("/api/config"),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
