import type { CompanyMember, DeletedCount, MemberChangeBody } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyQueryKey } from "../../../lib/company";
import { ordersQueryKey } from "../../../lib/query-keys";

const memberPath = (companyId: string, email: string) =>
  `/api/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(email)}`;

/** GET /api/companies/{id}/members (members): each with role, monthly limit and what they spent this month. */
export const membersQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "members"],
    retry: false,
    queryFn: () => apiAuthed<CompanyMember[]>(`/api/companies/${encodeURIComponent(companyId)}/members`),
  });

export function useMembers(companyId: string) {
  return useQuery(membersQuery(companyId));
}

/**
 * A member's new role or monthly limit as the form holds them: the limit in dollars (null: none), or the
 * text as typed when it is not a number, so the server names the field rather than the limit being cleared.
 */
export type MemberChange = { role?: MemberChangeBody["role"]; monthlyLimit?: number | null | string };

/** PATCH /api/companies/{id}/members/{email} (owners); 409 when it would leave the company without an owner. */
export function useChangeMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, change }: { email: string; change: MemberChange }) =>
      apiAuthed<CompanyMember>(memberPath(companyId, email), { method: "PATCH", body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}

/**
 * DELETE /api/companies/{id}/members/{email}: an owner removes a member, or a member leaves (their own
 * address). Their access ends at once; 409 for the last owner.
 */
export function useRemoveMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiAuthed<DeletedCount>(memberPath(companyId, email), { method: "DELETE" }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]),
  });
}
