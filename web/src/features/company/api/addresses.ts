import type { CompanyAddressBody, DeletedCount, InsertedId } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyQueryKey } from "../../../lib/company";

const addressesPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/addresses`;

/** POST /api/companies/{id}/addresses (owners): a delivery address members then check out to. */
export function useAddAddress(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyAddressBody) => apiAuthed<InsertedId>(addressesPath(companyId), { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

/** DELETE /api/companies/{id}/addresses/{addressId} (owners): orders sent there keep their copy of it. */
export function useRemoveAddress(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) =>
      apiAuthed<DeletedCount>(`${addressesPath(companyId)}/${encodeURIComponent(addressId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
