import { PAGE_SIZE } from "@forgeline/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthedPage } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";

export const AUDIT_PAGE_SIZE = PAGE_SIZE.default;

/** GET /api/admin/audit (admins): one page of the log, newest first, and the size of the whole log. */
export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ["audit", page],
    queryFn: () => apiAuthedPage(adminApi.audit(AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });

export function useAudit(page: number) {
  return useQuery(auditQuery(page));
}
