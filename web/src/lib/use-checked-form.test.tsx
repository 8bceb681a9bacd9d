import { productBodySchema, type ReviewBody, type ReviewInput, reviewBodySchema } from "@forgeline/contract";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { schemaCheck } from "./form-checks";
import { useCheckedForm } from "./use-checked-form";

describe("schemaCheck: the form pages check with the schema the server parses the body with", () => {
  it("gives each field its first message, the server's literal text", () => {
    expect(schemaCheck(productBodySchema)({ name: " ", price: "", quantity: "", description: "", image: "" })).toEqual({
      ok: false,
      errors: {
        name: "Name is Required",
        price: "Price is Required",
        quantity: "Quantity is Required",
        description: "Description is Required",
        image: "Image is Required",
      },
    });
    const tooFew = {
      name: "Clamp",
      price: "19.999",
      quantity: "99",
      description: "Bar clamp",
      image: "/images/a.webp",
    };
    expect(schemaCheck(productBodySchema)(tooFew)).toEqual({
      ok: false,
      errors: { price: "Price can have at most 2 decimals", quantity: "Minimum 100" },
    });
    expect(
      schemaCheck(reviewBodySchema)({ rating: 0, description: "Fine", image: "https://elsewhere.example/a.png" }),
    ).toEqual({
      ok: false,
      errors: { rating: "Rating is Required", image: "Upload the image with the image picker" },
    });
  });

  it("gives the values as the server takes them: trimmed text, numbers from the typed text", () => {
    const typed = {
      name: " Clamp ",
      price: "19.99",
      quantity: "400",
      description: "Bar clamp",
      image: "/images/a.webp",
    };
    expect(schemaCheck(productBodySchema)(typed)).toEqual({
      ok: true,
      data: { name: "Clamp", price: 19.99, quantity: 400, description: "Bar clamp", image: "/images/a.webp" },
    });
  });
});

function ReviewForm({ onValid }: { onValid: (review: ReviewBody) => Promise<void> }) {
  const form = useCheckedForm<ReviewInput, ReviewBody>({ rating: 0, description: "", image: "" }, async () =>
    schemaCheck(reviewBodySchema),
  );
  const rating = form.control("rating");
  const image = form.control("image");
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <button type="button" onClick={() => rating.onChange(4)}>
        4 stars
      </button>
      {form.errors.rating && <p>{form.errors.rating}</p>}
      <label htmlFor="description">Your review</label>
      <textarea id="description" {...form.register("description")} />
      {form.errors.description && <p>{form.errors.description}</p>}
      <button type="button" onClick={() => image.onChange("/images/review.webp")}>
        Upload
      </button>
      <button
        type="button"
        onClick={() =>
          image.track(
            new Promise<void>((resolve) =>
              setTimeout(() => {
                image.onChange("/images/slow.webp");
                resolve();
              }, 300),
            ),
          )
        }
      >
        Slow upload
      </button>
      {form.errors.image && <p>{form.errors.image}</p>}
      <button type="button" onClick={() => form.reset()}>
        Clear
      </button>
      <button type="submit" disabled={form.isSubmitting}>
        Add Review
      </button>
    </form>
  );
}

describe("useCheckedForm behaves as react-hook-form with a resolver did on these pages", () => {
  it("checks on submit, focuses the first field in error, then rechecks each changed field", async () => {
    const onValid = vi.fn(async () => {});
    render(<ReviewForm onValid={onValid} />);
    expect(screen.queryByText("Rating is Required")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Rating is Required")).toBeTruthy();
    expect(screen.getByText("Description is Required")).toBeTruthy();
    expect(screen.getByText("Image is Required")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Your review"));
    expect(onValid).not.toHaveBeenCalled();

    // After a submit, a change checks that field again, and only that one.
    await userEvent.type(screen.getByLabelText("Your review"), "Sturdy and sharp");
    await waitFor(() => expect(screen.queryByText("Description is Required")).toBeNull());
    expect(screen.getByText("Rating is Required")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "4 stars" }));
    await waitFor(() => expect(screen.queryByText("Rating is Required")).toBeNull());
    expect(screen.getByText("Image is Required")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Upload" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Review" }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        rating: 4,
        description: "Sturdy and sharp",
        image: "/images/review.webp",
      }),
    );
  });

  it("checks nothing before the first submit, nor after a reset", async () => {
    render(<ReviewForm onValid={async () => {}} />);
    await userEvent.type(screen.getByLabelText("Your review"), "x");
    await userEvent.clear(screen.getByLabelText("Your review"));
    await act(async () => {});
    expect(screen.queryByText("Description is Required")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Description is Required")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByText("Description is Required")).toBeNull();
    await userEvent.type(screen.getByLabelText("Your review"), "y");
    await userEvent.clear(screen.getByLabelText("Your review"));
    await act(async () => {});
    expect(screen.queryByText("Description is Required")).toBeNull();
    expect(screen.queryByText("Rating is Required")).toBeNull();
  });

  // Round 3 finding 7: Add Review pressed while its picture uploaded sent the picture but never the review.
  it("a submit pressed while a picture uploads waits for it, then sends the form with the picture", async () => {
    const onValid = vi.fn(async () => {});
    render(<ReviewForm onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "4 stars" }));
    await userEvent.type(screen.getByLabelText("Your review"), "Sent during the upload");
    await userEvent.click(screen.getByRole("button", { name: "Slow upload" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Review" }));
    expect(screen.queryByText("Image is Required")).toBeNull();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        rating: 4,
        description: "Sent during the upload",
        image: "/images/slow.webp",
      }),
    );
    expect(screen.queryByText("Image is Required")).toBeNull();
  });
});
