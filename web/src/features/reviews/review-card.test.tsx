import type { Review } from "@forgeline/contract";
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { ReviewCard } from "./review-card";

const review: Review = {
  _id: "r1",
  name: "ana maria  lópez",
  rating: 4,
  description: "Sturdy drills, on time.",
  image: "",
  createdAt: "2030-01-01T12:00:00.000Z",
};

it("shows the reviewer's first two initials where there is no picture", () => {
  const { container } = render(<ReviewCard review={review} />);
  expect(container.querySelector("[aria-hidden=true]")?.textContent).toBe("AM");
  expect(container.querySelector("img")).toBeNull();
});

it("shows the picture where there is one", () => {
  const { container } = render(<ReviewCard review={{ ...review, image: "/images/ana.webp" }} />);
  expect(container.querySelector("img")?.getAttribute("src")).toBe("/images/ana.webp");
});

it.each([
  [1, "★", "★★★★"],
  [4, "★★★★", "★"],
  [5, "★★★★★", ""],
])("rates %i of 5 in words for screen readers and in stars for the eye", (rating, filled, empty) => {
  render(<ReviewCard review={{ ...review, rating }} />);
  const stars = screen.getByRole("img", { name: `Rated ${rating} out of 5` });
  expect(stars.textContent).toBe(filled + empty);
  expect(stars.querySelector("span")?.textContent).toBe(empty);
  expect(screen.getByText("Sturdy drills, on time.")).toBeTruthy();
});
