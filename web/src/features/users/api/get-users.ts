import type { User } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";

export const usersQueryKey = ["users"] as const;

/** GET /api/user (admins): every account with its role, the first hundred. */
export const usersQuery = queryOptions({
  queryKey: usersQueryKey,
  queryFn: () => apiAuthed<User[]>("/api/user?limit=100"),
});

export function useUsers() {
  return useQuery(usersQuery);
}
