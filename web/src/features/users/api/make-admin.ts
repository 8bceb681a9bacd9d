import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { usersQueryKey } from "./get-users";

/** PUT /api/user/admin/{email} (admins): the account becomes an admin; the list shows its new role. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiAuthed(adminApi.makeAdmin(email)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
