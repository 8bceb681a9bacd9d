import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { accountApi } from "../../../lib/api-routes/account";
import { useSession } from "../../../lib/session";

export const profileQueryKey = ["profile"] as const;

/** GET /api/profile: the caller's profile, or null before they fill it in (the API answers a list). */
export const myProfileQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: [...profileQueryKey, email],
    enabled: Boolean(email),
    queryFn: async () => (await apiAuthed(accountApi.profile))[0] ?? null,
  });

export function useMyProfile() {
  return useQuery(myProfileQuery(useSession().data?.email));
}
