import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { useMyReviews } from "./api/get-my-reviews";
import { ReviewCard } from "./review-card";

export default function MyReviewsPage() {
  const reviews = useMyReviews();
  return (
    <section aria-labelledby="my-reviews-heading">
      <h1 id="my-reviews-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        My Review
      </h1>
      <QueryState
        query={reviews}
        what="reviews"
        isEmpty={(list) => list.length === 0}
        empty={
          <>
            You have not written a review yet.{" "}
            <Link className="link link-primary" to={paths.addReview}>
              Add one
            </Link>
          </>
        }
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {list.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
