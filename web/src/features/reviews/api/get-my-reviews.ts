import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { signedInApi } from "../../../lib/api-routes/signed-in";
import { reviewsQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** GET /api/review?email=: the signed-in customer's own reviews. */
export const myReviewsQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, "mine", email],
    enabled: Boolean(email),
    queryFn: () => apiAuthed(signedInApi.myReviews(email ?? "")),
  });

export function useMyReviews() {
  return useQuery(myReviewsQuery(useSession().data?.email));
}
