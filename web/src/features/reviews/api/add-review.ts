import type { ReviewBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { accountApi } from "../../../lib/api-routes/account";
import { reviewsQueryKey } from "../../../lib/query-keys";

/** POST /api/review. A new review refreshes every review list: the customer's and the home page's. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewBody) => apiAuthed(accountApi.addReview, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
