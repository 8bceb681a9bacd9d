import type { AdminStats, AdminStatsQuery } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";

export const adminStatsQueryKey = ["admin-stats"] as const;

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
      const search = params.toString();
      return apiAuthed<AdminStats>(`/api/admin/stats${search ? `?${search}` : ""}`);
    },
  });

export function useAdminStats(range: AdminStatsQuery = {}) {
  return useQuery(adminStatsQuery(range));
}
