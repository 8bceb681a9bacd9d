import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { accountApi } from "../../../lib/api-routes/account";
import { reviewsQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** GET /api/review?email=: the signed-in customer's own reviews. */
export const myReviewsQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, "mine", email],
    enabled: Boolean(email),
    queryFn: () => apiAuthed(accountApi.myReviews(email ?? "")),
  });

export function useMyReviews() {
  return useQuery(myReviewsQuery(useSession().data?.email));
}
