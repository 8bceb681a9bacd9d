import type { Review } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { reviewsQueryKey } from "../../../lib/query-keys";

export function useReviews(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...reviewsQueryKey, page],
    queryFn: () => apiGetPage<Review>("/api/review", page),
  });
}
