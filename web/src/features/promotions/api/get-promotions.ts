import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { promotionsQueryKey } from "../../../lib/query-keys";

/** GET /api/admin/promotions (admins): every promotion, newest first, running or not. */
export const adminPromotionsQuery = queryOptions({
  queryKey: [...promotionsQueryKey, "all"],
  queryFn: () => apiAuthed(adminApi.promotions),
});

export function useAdminPromotions() {
  return useQuery(adminPromotionsQuery);
}
