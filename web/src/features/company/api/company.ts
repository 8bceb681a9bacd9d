import type { CompanySettingsBody, NewCompanyBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/** POST /api/companies: the caller creates a company and becomes its owner (409 when in one already). */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCompanyBody) => apiAuthed(companyApi.createCompany, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

/** PATCH /api/companies/{id} (owners): the company's name, and whether every order needs a PO number. */
export function useChangeSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsBody) => apiAuthed(companyApi.companySettings(companyId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
