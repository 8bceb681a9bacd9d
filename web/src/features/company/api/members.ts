import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi, type MemberChange } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";
import { ordersQueryKey } from "../../../lib/query-keys";

/** GET /api/companies/{id}/members (members): each with role, monthly limit and what they spent this month. */
export const membersQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "members"],
    retry: false,
    queryFn: () => apiAuthed(companyApi.members(companyId)),
  });

export function useMembers(companyId: string) {
  return useQuery(membersQuery(companyId));
}

/** PATCH /api/companies/{id}/members/{email} (owners); 409 when it would leave the company without an owner. */
export function useChangeMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, change }: { email: string; change: MemberChange }) =>
      apiAuthed(companyApi.changeMember(companyId, email), change),
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
    mutationFn: (email: string) => apiAuthed(companyApi.removeMember(companyId, email)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
      ]),
  });
}
