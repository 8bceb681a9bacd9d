import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/**
 * GET /api/invitations/{token}: the company and role offered, for the invited address only (404 for anyone
 * else, and for a link withdrawn, replaced or spent; 409 once expired). Not retried: each answer is final.
 */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    retry: false,
    queryFn: () => apiAuthed(companyApi.invitation(token)),
  });
}

/** POST /api/invitations/{token}/accept: the caller joins the company (403 until their address is confirmed). */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiAuthed(companyApi.acceptInvitation(token)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
