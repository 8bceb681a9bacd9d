import { RATING_MAX } from "@forgeline/contract";
import { useId } from "react";

/** A rating from 1 to 5 picked as stars: a radio group, so arrow keys work and each star has a name. */
export function StarRating({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Rating</legend>
      <div className="rating rating-lg">
        {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((stars) => (
          <input
            key={stars}
            type="radio"
            name={name}
            className="mask mask-star-2 bg-warning"
            aria-label={`${stars} star${stars > 1 ? "s" : ""}`}
            checked={value === stars}
            onChange={() => onChange(stars)}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
