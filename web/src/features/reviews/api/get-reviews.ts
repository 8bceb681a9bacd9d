import type { PageQuery } from "@forgeline/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { homeApi } from "../../../lib/api-routes/home";
import { reviewsQueryKey } from "../../../lib/query-keys";

/** GET /api/review: one page of every customer's reviews, newest first; the server-rendered home page fills the same key. */
export const reviewsPageQuery = (page: PageQuery) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, page],
    queryFn: () => apiGetPage(homeApi.reviews, page),
  });

export function useReviews(page: PageQuery) {
  return useQuery(reviewsPageQuery(page));
}
