import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { expect, it } from "vitest";
import { StarRating } from "./star-rating";

function RatingField({ error }: { error?: string }) {
  const [rating, setRating] = useState(0);
  return (
    <>
      <StarRating value={rating} onChange={setRating} error={error} />
      <p>Picked: {rating}</p>
    </>
  );
}

it("picks 1 to 5 stars as a radio group, each star named", async () => {
  render(<RatingField />);
  expect(screen.getAllByRole("radio").map((star) => star.getAttribute("aria-label"))).toEqual([
    "1 star",
    "2 stars",
    "3 stars",
    "4 stars",
    "5 stars",
  ]);
  expect(screen.getAllByRole("radio").some((star) => (star as HTMLInputElement).checked)).toBe(false);
  await userEvent.click(screen.getByRole("radio", { name: "3 stars" }));
  expect(screen.getByText("Picked: 3")).toBeTruthy();
  expect((screen.getByRole("radio", { name: "3 stars" }) as HTMLInputElement).checked).toBe(true);
  await userEvent.click(screen.getByRole("radio", { name: "5 stars" }));
  expect(screen.getByText("Picked: 5")).toBeTruthy();
  expect((screen.getByRole("radio", { name: "3 stars" }) as HTMLInputElement).checked).toBe(false);
});

it("shows the rule beside the stars and ties it to the group", () => {
  render(<RatingField error="Rating is Required" />);
  const message = screen.getByRole("alert");
  expect(message.textContent).toBe("Rating is Required");
  expect(screen.getByRole("group", { name: "Rating" }).getAttribute("aria-describedby")).toBe(message.id);
});
