import type { AdminCompany, Company } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";

/** Every query of this page: a change of a company refetches its row and its price list. */
export const adminCompaniesKey = ["admin-companies"] as const;

/** GET /api/admin/companies (admins): every company, newest first, with its member count. */
export const adminCompaniesQuery = queryOptions({
  queryKey: adminCompaniesKey,
  retry: false,
  queryFn: () => apiAuthed<AdminCompany[]>("/api/admin/companies"),
});

export function useAdminCompanies() {
  return useQuery(adminCompaniesQuery);
}

/** What the tax exemption form sends: exempt needs the company's tax ID (400 beside `taxId` otherwise). */
export interface TaxExemption {
  taxExempt: boolean;
  taxId?: string;
}

/** PUT /api/admin/companies/{id}/tax-exemption (admins, audited): its orders then carry no tax. */
export function useSetTaxExemption(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxExemption) =>
      apiAuthed<Company>(`/api/admin/companies/${encodeURIComponent(companyId)}/tax-exemption`, {
        method: "PUT",
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}
