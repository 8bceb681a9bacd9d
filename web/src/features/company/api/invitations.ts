import type { InvitationBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/** GET /api/companies/{id}/invitations (owners): those neither accepted nor expired, newest first. */
export const invitationsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "invitations"],
    retry: false,
    queryFn: () => apiAuthed(companyApi.invitations(companyId)),
  });

export function useInvitations(companyId: string) {
  return useQuery(invitationsQuery(companyId));
}

/**
 * POST /api/companies/{id}/invitations (owners): mails the address a link, valid 7 days. 409 for an address
 * in a company already; 403 while the owner's own address is not confirmed.
 */
export function useInvite(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) => apiAuthed(companyApi.invite(companyId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

/** DELETE /api/companies/{id}/invitations/{invitationId} (owners): its link stops working at once. */
export function useWithdrawInvitation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiAuthed(companyApi.withdrawInvitation(companyId, invitationId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
