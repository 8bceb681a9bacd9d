import { Link } from "../../components/link";
import { ListPage } from "../../components/list-page";
import { paths } from "../../config/paths";
import { useMyReviews } from "./api/get-my-reviews";
import { ReviewGrid } from "./review-card";

export default function MyReviewsPage() {
  const reviews = useMyReviews();
  return (
    <ListPage
      id="my-reviews-heading"
      title="My Review"
      query={reviews}
      what="reviews"
      empty={
        <>
          You have not written a review yet.{" "}
          <Link className="link link-primary" to={paths.addReview}>
            Add one
          </Link>
        </>
      }
    >
      {(list) => <ReviewGrid reviews={list} className="grid-cols-1 gap-4 md:grid-cols-2" />}
    </ListPage>
  );
}
