import { MESSAGES, type ReviewBody, type ReviewInput } from "@forgeline/contract";
import { useNavigate } from "react-router";
import { Field, TextAreaField } from "../../components/field";
import { ImageUpload } from "../../components/image-upload";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { notify } from "../../lib/toast";
import { useCheckedForm } from "../../lib/use-checked-form";
import { useAddReview } from "./api/add-review";
import { StarRating } from "./star-rating";

export default function AddReviewPage() {
  const session = useSession();
  const navigate = useNavigate();
  const addReview = useAddReview();
  const form = useCheckedForm<ReviewInput, ReviewBody>({ rating: 0, description: "", image: "" }, async () => {
    const { schemaCheck, reviewBodySchema } = await import("../../lib/form-checks");
    return schemaCheck(reviewBodySchema);
  });
  const { errors, isSubmitting } = form;
  const rating = form.control("rating");
  const image = form.control("image");

  const submit = form.handleSubmit(async (review) => {
    try {
      await addReview.mutateAsync(review);
      notify("success", MESSAGES.reviewAdded);
      navigate(paths.myReview);
    } catch (error) {
      // Past the hourly allowance the server's message says when to come back.
      notify("error", error instanceof ApiError && error.status === 429 ? error.message : MESSAGES.reviewAddFailed);
    }
  });

  return (
    <section aria-labelledby="add-review-heading" className="max-w-xl">
      <h1 id="add-review-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Add Review
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {/* The review carries the account's name (the profile changes it), so it is shown, not typed. */}
        <Field label="Name" value={session.data?.name ?? ""} readOnly />
        <StarRating value={Number(rating.value)} onChange={rating.onChange} error={errors.rating} />
        <TextAreaField label="Your review" error={errors.description} {...form.register("description")} />
        <ImageUpload
          label="Picture"
          value={image.value}
          onChange={image.onChange}
          track={image.track}
          error={errors.image}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          Add Review
        </button>
      </form>
    </section>
  );
}
