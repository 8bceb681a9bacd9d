import type { CompanyAddressBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/** POST /api/companies/{id}/addresses (owners): a delivery address members then check out to. */
export function useAddAddress(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyAddressBody) => apiAuthed(companyApi.addAddress(companyId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

/** DELETE /api/companies/{id}/addresses/{addressId} (owners): orders sent there keep their copy of it. */
export function useRemoveAddress(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) => apiAuthed(companyApi.removeAddress(companyId, addressId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
