import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";

export const usersQueryKey = ["users"] as const;

/** GET /api/user (admins): every account with its role, the first hundred. */
export const usersQuery = queryOptions({
  queryKey: usersQueryKey,
  queryFn: () => apiAuthed(adminApi.users),
});

export function useUsers() {
  return useQuery(usersQuery);
}
