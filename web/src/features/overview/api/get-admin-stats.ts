import type { AdminStatsQuery } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminStatsQueryKey } from "../../../lib/admin-query-keys";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";

export { adminStatsQueryKey };

/**
 * GET /api/admin/stats?from=&to= (admins): the shop owner's overview (contract/src/admin-stats.ts). Without a
 * range the server takes the last 90 days up to today (UTC).
 */
export const adminStatsQuery = (range: AdminStatsQuery = {}) =>
  queryOptions({
    queryKey: [...adminStatsQueryKey, range.from ?? "", range.to ?? ""],
    queryFn: () => {
      const params = new URLSearchParams();
      if (range.from) params.set("from", range.from);
      if (range.to) params.set("to", range.to);
      return apiAuthed(adminApi.stats(params));
    },
  });

export function useAdminStats(range: AdminStatsQuery = {}) {
  return useQuery(adminStatsQuery(range));
}
