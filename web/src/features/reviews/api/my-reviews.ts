import type { Review, ReviewBody } from "@forgeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { reviewsQueryKey } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

export function useMyReviews() {
  const email = useSession().data?.email;
  return useQuery({
    queryKey: [...reviewsQueryKey, "mine", email],
    enabled: Boolean(email),
    queryFn: () => apiAuthed<Review[]>(`/api/review?limit=100&email=${encodeURIComponent(email ?? "")}`),
  });
}

/** Adding a review refreshes every review list: the customer's and the home page's. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewBody) =>
      apiAuthed<{ insertedId: string }>("/api/review", { method: "POST", body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
