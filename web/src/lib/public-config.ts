import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiCall } from "./api-client";
import { publicApi } from "./api-routes/public";

/** GET /api/config: which payment form and sign-in buttons to show. It does not change while the page lives. */
export const publicConfigQuery = queryOptions({
  queryKey: ["config"],
  queryFn: () => apiCall(publicApi.config),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
