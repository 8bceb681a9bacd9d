import { type AdminReceivables, type PaymentReceivedBody, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminOrdersQueryKey, adminStatsQueryKey } from "../../../lib/admin-query-keys";
import { apiAuthedOnce, requestAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";

/** Every receivables query: money recorded refetches them. */
export const receivablesQueryKey = ["admin-receivables"] as const;

/** Companies a page of the list. */
export const RECEIVABLES_PAGE_SIZE = 50;

/**
 * GET /api/admin/receivables (admins): a page of the companies on account, most overdue first, the totals of all,
 * and how many companies there are (X-Total-Count).
 */
export const receivablesQuery = (page: number) =>
  queryOptions({
    queryKey: [...receivablesQueryKey, page],
    queryFn: async (): Promise<AdminReceivables & { total: number }> => {
      const response = await requestAuthed(
        adminApi.receivables(RECEIVABLES_PAGE_SIZE, (page - 1) * RECEIVABLES_PAGE_SIZE),
      );
      const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0);
      return { ...((await response.json()) as AdminReceivables), total };
    },
    placeholderData: keepPreviousData,
  });

export function useReceivables(page: number) {
  return useQuery(receivablesQuery(page));
}

/**
 * POST /api/admin/companies/{id}/payments (admins, audited): a bank transfer received, paying the company's oldest
 * invoices first. Sent once with an idempotency key (retried with it when no answer came). The list, the orders and
 * the overview are fetched again: what is owed changed in all of them.
 */
export function useRecordPayment(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentReceivedBody) => apiAuthedOnce(adminApi.recordPayment(companyId), body),
    onSuccess: () =>
      Promise.all(
        [receivablesQueryKey, adminOrdersQueryKey, adminStatsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
