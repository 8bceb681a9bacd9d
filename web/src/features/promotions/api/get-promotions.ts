import type { Promotion } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { promotionsQueryKey } from "../../../lib/query-keys";

/** GET /api/admin/promotions (admins): every promotion, newest first, running or not. */
export const adminPromotionsQuery = queryOptions({
  queryKey: [...promotionsQueryKey, "all"],
  queryFn: () => apiAuthed<Promotion[]>("/api/admin/promotions"),
});

export function useAdminPromotions() {
  return useQuery(adminPromotionsQuery);
}
