import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiCall } from "../../../lib/api-client";
import { homeApi } from "../../../lib/api-routes/home";
import { promotionsQueryKey } from "../../../lib/query-keys";

/**
 * GET /api/promotions: the promotions running now, oldest first. The server renders the home page with
 * them (entry-server.tsx fills this key), so the banner claims what an order gets from its first paint.
 */
export const activePromotionsQuery = queryOptions({
  queryKey: promotionsQueryKey,
  queryFn: () => apiCall(homeApi.promotions),
});

export function useActivePromotions() {
  return useQuery(activePromotionsQuery);
}
