import type { ProfileBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { accountApi } from "../../../lib/api-routes/account";
import { sessionQuery } from "../../../lib/session";
import { profileQueryKey } from "./get-profile";

/** POST /api/profile: creates or replaces the caller's profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileBody) => apiAuthed(accountApi.saveProfile, profile),
    // The profile's name is also the account's display name: the session shows it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]),
  });
}
