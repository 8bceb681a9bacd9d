import { MESSAGES, type ReviewBody, type ReviewInput } from "@forgeline/contract";
import { Field, TextAreaField } from "../../components/field";
import { FormPage } from "../../components/form-page";
import { ImageUpload } from "../../components/image-upload";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { useNavigate } from "../../lib/router";
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
    <FormPage id="add-review-heading" title="Add Review" onSubmit={submit} busy={isSubmitting} submitLabel="Add Review">
      {/* The review carries the account's name (the profile changes it), so it is shown, not typed. */}
      <Field label="Name" value={session.data?.name ?? ""} readOnly />
      <StarRating value={Number(rating.value)} onChange={rating.onChange} error={errors.rating} />
      <TextAreaField label="Your review" error={errors.description} {...form.register("description")} />
      <ImageUpload label="Picture" control={image} error={errors.image} />
    </FormPage>
  );
}
