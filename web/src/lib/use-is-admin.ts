import { useQuery } from "@tanstack/react-query";
import { accessTokenFor } from "./account-session";
import { apiAuthed } from "./api-authed";
import { useSession } from "./session";

/** Whether the signed-in account is an admin, as the server says (SPEC.md point 6). */
export function useIsAdmin() {
  const session = useSession();
  const email = session.data?.email;
  return useQuery({
    queryKey: ["admin", email],
    enabled: Boolean(email),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      if (!email) return false;
      await accessTokenFor(email);
      const { admin } = await apiAuthed<{ admin: boolean }>(`/api/admin/${encodeURIComponent(email)}`);
      return admin;
    },
  });
}
