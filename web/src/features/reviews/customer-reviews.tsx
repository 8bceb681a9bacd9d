import { PAGE_SIZE } from "@forgeline/contract";
import { QueryState } from "../../components/query-state";
import { useReviews } from "./api/get-reviews";
import { ReviewGrid } from "./review-card";

export function CustomerReviews() {
  const query = useReviews({ limit: PAGE_SIZE.homeReviews, offset: 0 });
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        What our customers say
      </h2>
      <QueryState query={query} what="reviews" isEmpty={(data) => data.items.length === 0} empty="No reviews yet.">
        {(data) => <ReviewGrid reviews={data.items} className="grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" />}
      </QueryState>
    </section>
  );
}
