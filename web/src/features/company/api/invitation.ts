import type { Company, InvitationView } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyQueryKey } from "../../../lib/company";

const invitationPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/**
 * GET /api/invitations/{token}: the company and role offered, for the invited address only (404 for anyone
 * else, and for a link withdrawn, replaced or spent; 409 once expired). Not retried: each answer is final.
 */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ["invitation", token],
    retry: false,
    queryFn: () => apiAuthed<InvitationView>(invitationPath(token)),
  });
}

/** POST /api/invitations/{token}/accept: the caller joins the company (403 until their address is confirmed). */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiAuthed<Company>(`${invitationPath(token)}/accept`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
