import type { Review } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { apiGetPage } from "../../../lib/api-client";
import { reviewsQueryKey } from "../../../lib/query-keys";

import type { ListPage } from "../../products/api/get-products";

/** The key of one page of all reviews; the server-rendered home page fills the same key. */
export const reviewsPageQueryKey = (page: ListPage) => [...reviewsQueryKey, page] as const;

export function useReviews(page: ListPage) {
  return useQuery({
    queryKey: reviewsPageQueryKey(page),
    queryFn: () => apiGetPage<Review>("/api/review", page),
  });
}
