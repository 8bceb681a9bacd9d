/**
 * Query keys of the admins' pages that more than one of their features touches (apart from query-keys.ts, which
 * public pages load): money a company paid changes its orders and the overview's figures as well as its row.
 */

/** The admins' orders, each and listed. */
export const adminOrdersQueryKey = ["admin-orders"] as const;
/** The admins' overview (GET /api/admin/stats). */
export const adminStatsQueryKey = ["admin-stats"] as const;
