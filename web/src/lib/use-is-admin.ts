import { queryOptions, useQuery } from "@tanstack/react-query";
import { accessTokenFor } from "./account-session";
import { apiAuthed } from "./api-authed";
import { signedInApi } from "./api-routes/signed-in";
import { useSession } from "./session";

/** GET /api/admin/{email}: whether this account is an admin, as the server says (docs/SPEC-CONFORMANCE.md §6). */
export const isAdminQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: ["admin", email],
    enabled: Boolean(email),
    staleTime: 60_000,
    retry: false,
    // A failed check is not made again each time a dashboard page mounts: the dashboard hides its pages
    // while the check runs, so their mounting would start it again, in a loop.
    retryOnMount: false,
    queryFn: async () => {
      if (!email) return false;
      await accessTokenFor(email);
      const { admin } = await apiAuthed(signedInApi.isAdmin(email));
      return admin;
    },
  });

/**
 * Whether the signed-in account is an admin: as the session's answer says, which carries the role (no
 * request of its own, so the role is known with the sign-in state: docs/PERFORMANCE.md, 'Signed-in pages'); by GET
 * /api/admin/{email} only when the answer does not say.
 */
export function useIsAdmin() {
  const session = useSession().data;
  const known = session?.admin;
  const asked = useQuery({ ...isAdminQuery(session?.email), enabled: Boolean(session?.email) && known === undefined });
  // The token is made sure of as the check by request does, so what waits for the role (the navbar's cart)
  // finds one: a stored one costs nothing, a missing one is traded for once.
  const said = useQuery({
    queryKey: ["admin", session?.email, "said", known],
    queryFn: async () => {
      await accessTokenFor(session?.email ?? "");
      return known === true;
    },
    enabled: Boolean(session?.email) && known !== undefined,
    staleTime: 60_000,
    retry: false,
    retryOnMount: false,
  });
  return known === undefined ? asked : said;
}
