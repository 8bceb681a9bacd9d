import type { ModifiedCountResponse } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { usersQueryKey } from "./get-users";

/** PUT /api/user/admin/{email} (admins): the account becomes an admin; the list shows its new role. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiAuthed<ModifiedCountResponse>(`/api/user/admin/${encodeURIComponent(email)}`, { method: "PUT" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
