import { RATING_MAX, type Review } from "@forgeline/contract";
import { Thumbnail } from "../../components/thumbnail";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-full border border-base-300 bg-base-100 p-5 shadow-sm">
      <div className="flex items-center gap-3">
        {review.image ? (
          <Thumbnail src={review.image} width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-content"
          >
            {initials(review.name)}
          </span>
        )}
        <figcaption>
          <p className="font-semibold">{review.name}</p>
          <p className="text-warning" role="img" aria-label={`Rated ${review.rating} out of ${RATING_MAX}`}>
            {"★".repeat(review.rating)}
            <span className="text-base-300">{"★".repeat(RATING_MAX - review.rating)}</span>
          </p>
        </figcaption>
      </div>
      <blockquote className="mt-3 text-sm text-base-content/85">{review.description}</blockquote>
    </figure>
  );
}

/** Reviews as a grid of cards; `className` sets the grid's columns and gaps. */
export function ReviewGrid({ reviews, className }: { reviews: Review[]; className: string }) {
  return (
    <ul className={`grid ${className}`}>
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
