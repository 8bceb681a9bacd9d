import type { Profile, ProfileBody } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { profileQueryKey } from "../../../lib/query-keys";
import { sessionQueryKey, useSession } from "../../../lib/session";

/** The caller's profile, or null before they fill it in (GET /api/profile answers a list). */
export function useMyProfile() {
  const email = useSession().data?.email;
  return useQuery({
    queryKey: [...profileQueryKey, email],
    enabled: Boolean(email),
    queryFn: async () => (await apiAuthed<Profile[]>("/api/profile"))[0] ?? null,
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileBody) =>
      apiAuthed<{ insertedId: string }>("/api/profile", { method: "POST", body: profile }),
    // The profile's name is also the account's display name: the session shows it too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
