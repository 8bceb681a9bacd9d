import type { AdminCompanyPatchBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi, type TaxExemption } from "../../../lib/api-routes/admin";

/** Every query of this page: a change of a company refetches its row and its price list. */
export const adminCompaniesKey = ["admin-companies"] as const;

/** GET /api/admin/companies (admins): every company, newest first, with its member count. */
export const adminCompaniesQuery = queryOptions({
  queryKey: adminCompaniesKey,
  retry: false,
  queryFn: () => apiAuthed(adminApi.companies),
});

export function useAdminCompanies() {
  return useQuery(adminCompaniesQuery);
}

/** PUT /api/admin/companies/{id}/tax-exemption (admins, audited): its orders then carry no tax. */
export function useSetTaxExemption(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxExemption) => apiAuthed(adminApi.taxExemption(companyId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}

/**
 * PATCH /api/admin/companies/{id} (admins, audited): its terms on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and
 * credit'), or `null` for none: it then pays by card.
 */
export function useSetPaymentTerms(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCompanyPatchBody) => apiAuthed(adminApi.updateCompany(companyId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}
